# PyTorch's argument parser takes numpy's names: axis for dim, keepdims for keepdim, x2 for other
import torch
torch.manual_seed(4)
x = torch.randn(3, 4)
print(x.sum(axis=1), x.sum(1, keepdims=True), torch.sum(x, axis=0, keepdims=True))
print(x.mean(axis=0), torch.mean(x, axis=1, keepdims=True))
print(x.var(axis=1), x.std(axis=0, keepdims=True))
print(x.max(axis=1), torch.min(x, axis=0, keepdims=True).values)
print(x.argmax(axis=1), torch.argmin(x, axis=0, keepdims=True))
print(x.softmax(axis=-1), torch.softmax(x, axis=0))
print(torch.cat([x, x], axis=0).shape, torch.stack([x, x], axis=1).shape)
print(torch.add(x, x2=x)[0], x.mul(x2=2)[0], torch.sub(x, x2=x).abs().sum())
print(x.norm(dim=1), x.unsqueeze(axis=0).shape, x.squeeze(axis=0).shape)
print(x.flip(0)[0], x.cumsum(1) if False else "-")
