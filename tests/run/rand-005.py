import torch
torch.manual_seed(858)
t = torch.rand(3, 4)
x = 0.2689
y = 0.317
n = 4
xs = [-0.19, -2.03, -0.32, -1.37]
print(sum(v for v in xs if v < 1), tuple(v > 0 for v in xs))
print(torch.stack([r * 2 for r in t]))
print(torch.stack([r * 2 for r in t]))
print("Sum:", max(xs), "n=" + str(n) + "!" + repr(n))
