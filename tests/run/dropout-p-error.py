# a dropout probability outside [0, 1]: ValueError (torch/nn/functional.py's
# check), for F.dropout and for nn.Dropout when it is made
import torch
import torch.nn.functional as F
torch.manual_seed(5)
print(F.dropout(torch.ones(2, 3), 0.5), torch.nn.Dropout(0.0))
try_p = 1.5
print(torch.nn.Dropout(p=try_p))
