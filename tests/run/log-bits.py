import torch
torch.set_printoptions(precision=8)
torch.manual_seed(11)
x = torch.rand(2000) * 10
print(torch.log(x).sum(), x.log()[:30], x.log()[-13:])
y = torch.randn(7, 9)
print(y.log())
print(torch.log(torch.tensor([0.0, -0.0, -1.0, float('inf'), float('nan'), 1e-40, 1e-45, 3.4e38, 1.0, 2.0])))
print(torch.log(torch.tensor([1, 2, 3])), torch.log(torch.tensor(True)))
z = torch.rand(50, 40)[:, ::3] + 1e-3
print(z.log().sum(), z.t().log()[0])
w = torch.rand(3, requires_grad=True)
print(w.log())
