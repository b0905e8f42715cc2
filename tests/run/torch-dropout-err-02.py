# torch.dropout refused as PyTorch refuses it
import torch
x = torch.ones(2)
torch.dropout(x, 1.5, True)
