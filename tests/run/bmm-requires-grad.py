# torch.bmm (BmmBackward0, the numbers matmul gives) and x.requires_grad_()
import torch
torch.manual_seed(2)
a = torch.rand(2)
b = a * 2
print(a.requires_grad_())
print(a.requires_grad_(False), a.requires_grad)
print(b.requires_grad_(False))
print(b.requires_grad_(True))
c = torch.rand(2).requires_grad_()
d = c * 2
print(d.requires_grad_(True), d.is_leaf, c.is_leaf)
print(torch.arange(3).requires_grad_(False))
x = torch.rand(2, 3, 4).requires_grad_()
y = torch.bmm(x, x.transpose(1, 2))
print(y)
print(x.bmm(torch.rand(2, 4, 1)).shape)
