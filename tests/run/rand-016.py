import torch
torch.manual_seed(738)
t = torch.rand(4, 2)
x = 1.8367
y = 0.26
n = 1
xs = [1.66, -0.51, -1.94]
print(list(range(0, 6, 3)), len(range(6)), range(2))
print("Sum:", t.mean(), "n=" + str(n) + "!" + repr("s"))
print(list(range(2, 4, 2)), len(range(5)), range(4))
print("Sum:", float(n), "n=" + str(abs(-n)) + "!" + repr(xs))
