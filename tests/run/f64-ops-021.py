import torch
import torch.nn.functional as F
torch.manual_seed(226)
a = (torch.arange(7, dtype=torch.float64).reshape(7) - 3) / 7
b = (torch.randn(7) * 3).to(torch.float64)
b32 = torch.randn(7)
bi = torch.arange(7).reshape(7) - 3
z64 = torch.tensor(1.2359900040803788, dtype=torch.float64)
z32 = torch.tensor(1.6217955845741816)
print(a.argmax(0))
print((a.argmax(0)).tolist())
print(torch.pow(a, 2))
print((torch.pow(a, 2)).tolist())
c = a.clone()
c /= b32
print((c).tolist())
a = (torch.randn(17, 5, 7)).double()
b = (torch.randn(17, 5, 7)).double()
b32 = torch.randn(17, 5, 7)
bi = torch.arange(595).reshape(17, 5, 7) - 3
z64 = torch.tensor(2.803365756908768, dtype=torch.float64)
z32 = torch.tensor(-2.9935263572215254)
print((a // z32).tolist())
print(a.abs())
print((a.abs()).tolist())
print(a.var((0, 2), keepdim=True))
print((a.var((0, 2), keepdim=True)).tolist())
print((torch.sum(a.float(), dtype=torch.float64)).tolist())
