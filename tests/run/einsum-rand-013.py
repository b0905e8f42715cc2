import torch
torch.manual_seed(302)
x0 = torch.rand(1)[0]
x1 = torch.randn(5, 4, 5)
y = torch.einsum(',qMq->M q', x0, x1)
print(y.shape, y.tolist())
x0 = torch.rand(5, 3)
x1 = torch.randn(3, 5)
y = torch.einsum('PK,KF->PF', x0, x1)
print(y.shape, y.tolist())
x0 = torch.randn(1, 3, 2)
x1 = torch.randn(2, 3)
x2 = torch.rand(2, 2, 3)
y = torch.einsum('...t,...,t...', x0, x1, x2)
print(y.shape, y.tolist())
x0 = torch.rand(1)[0]
x1 = torch.rand(3, 3, 5, 1)
y = torch.einsum(',KKI... -> ...', x0, x1)
print(y.shape, y.tolist())
