import torch
torch.manual_seed(658)
t = torch.rand(3, 5)
x = -4.5447
y = -1.243
n = 1
xs = [2.1, -0.22, -1.07]
print(list(range(0, 9, 2)), len(range(3)), range(7))
print([k * k - n for k in range(5) if k % 2 == 0])
print([k * 2 for k in range(4)])
print(f"{t[0, 0]:>12.1e}")
print(torch.stack([r * x for r in t]))
print(f"{t.max():+.3f}")
print(f"{t[1]}", f"{t.sum(dim=1)}")
