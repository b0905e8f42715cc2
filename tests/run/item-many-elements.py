# .item(), int() and float() of a tensor with more than one element:
# ValueError in PyTorch 1.13 (int() of a float tensor too)
import torch
torch.manual_seed(3)
x = torch.rand(3)
print(x[1].item(), int(x[1] * 10), float(x[2:]))
for f in (int, float):
    print(f(x[:1]))
print(int(x))
print(x.item())
