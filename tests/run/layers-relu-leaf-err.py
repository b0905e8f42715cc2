import torch

torch.manual_seed(5)
w = torch.randn(3, requires_grad=True)
print(torch.relu(w))
w.relu_()
