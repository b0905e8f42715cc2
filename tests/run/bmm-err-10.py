# bmm, requires_grad_, a tensor argument: PyTorch's message
import torch
torch.manual_seed(5)
a = torch.rand(2, 3, 4).requires_grad_()
b = torch.rand(2, 4, 5)
print(torch.bmm(a, b))
print(torch.dot(a[0, 0], [1]))
