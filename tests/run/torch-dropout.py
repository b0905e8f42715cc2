# torch.dropout(x, p, train): the draws of F.dropout
import torch
torch.manual_seed(1)
x = torch.ones(3, 4)
print(torch.dropout(x, 0.5, True))
torch.manual_seed(1)
print(torch.nn.functional.dropout(x, 0.5, True))
print(torch.dropout(x, 0.5, False))
print(torch.dropout(x, p=0.2, train=True))
