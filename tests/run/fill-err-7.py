# full, eye, new_*, fill_, zero_: PyTorch's message
import torch
y = torch.rand(3)
x = torch.rand(2)
z = torch.rand(2, requires_grad=True)
print(torch.full((1, 2), 0.5))
print(y.fill_(torch.ones(2)))
