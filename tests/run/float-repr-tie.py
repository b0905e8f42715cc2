# Python's repr of a float is the shortest string that reads back, the nearer
# one at a tie: -2**-24 is -5.960464477539063e-08 (printf's round half to even
# gives ...062, which reads back as another float); powers of two, thirds
import torch
x = -2.0 ** -24
print(x, [x], 2.0 ** -24, 0.1 + 0.2, 1 / 3)
print([2.0 ** k for k in range(-1074, 1024, 7)])
print([-(2.0 ** k) * 3 for k in range(-300, 300, 11)])
print(torch.tensor([-5.9604644775390625e-08, 2.0 ** -30]).tolist(), (torch.ones(1) * 2 ** -24).item())
