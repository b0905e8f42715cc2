import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(485)
class SelfAttention(nn.Module):
    def __init__(self, d_in, d_out, qkv_bias=False):
        super().__init__()
        self.W_query = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_key = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_value = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.dropout = nn.Dropout(0.1)
    def forward(self, x):
        keys = self.W_key(x)
        queries = self.W_query(x)
        values = self.W_value(x)
        attn_scores = queries @ keys.transpose(-2, -1)
        attn_weights = torch.softmax(attn_scores / keys.shape[-1] ** 0.5, dim=-1)
        attn_weights = self.dropout(attn_weights)
        return attn_weights @ values
sa = SelfAttention(4, 2, qkv_bias=False).double()
x = (torch.randn(5, 4) * 10).to(torch.float64)
print((sa(x)).tolist())
sa.eval()
print(sa(x))
print((sa(x)).tolist())
lin = nn.Sequential(nn.Linear(2, 8), nn.Dropout(0.0)).double()
print(lin)
print([p.dtype for p in lin.parameters()])
x = torch.randn(2, dtype=torch.float64)
print((lin(x)).tolist())
x = (torch.randn(2, 2, 5, 2) * 10).to(torch.float64)
print(lin(x))
print((lin(x)).tolist())
x = (torch.randn(2) * 10).to(torch.float64)
w2 = torch.randn(8, 2, dtype=torch.float64)
b2 = torch.rand(8).double() * 4 - 2
print((F.linear(x, w2, bias=b2)).tolist())
