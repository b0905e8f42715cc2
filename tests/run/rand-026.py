import torch
torch.manual_seed(267)
t = torch.rand(2, 4)
x = -2.98
y = -0.49
n = 4
xs = [-1.89, 0.37, 2.33, 1.86]
print(list(range(1, 10, 3)), len(range(3)), range(1))
print(torch.where(t > 0.47, t, -1))
print(torch.where(t > 0.58, t, 0.0))
print(f"{t[0]}", f"{t.sum(dim=1)}")
print("Sum:", t[0, 0], "n=" + str(sum(range(n))) + "!" + repr(n))
print(f"{round(y * 7):d}|{len(xs)!r}")
print("Sum:", y, "n=" + str(n) + "!" + repr(n))
