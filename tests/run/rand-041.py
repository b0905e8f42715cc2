import torch
torch.manual_seed(656)
t = torch.rand(2, 3)
x = 4.6719
y = -1.222
n = 2
xs = [0.35, -1.27, -2.44, -0.85]
print("Sum:", t[0, 0], "n=" + str(len(xs)) + "!" + repr("s"))
print(f"label {t.shape} {t}")
print("big" if t.mean() > 0.13 else "small", isinstance(n, tuple), type(n))
print(torch.where(t > 0.83, t, torch.zeros(1)))
print(f"{round(y * 7):#x}|{t.numel()!r}")
print(torch.stack([r * r.sum() for r in t]))
print(f"{t[0, 0]:g}")
