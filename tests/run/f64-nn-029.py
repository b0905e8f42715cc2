import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(716)
lin = nn.Linear(1, 3, dtype=torch.float64)
print(lin)
print(lin.weight)
print([p.dtype for p in lin.parameters()])
x = torch.randn(2, 2, 2, 1, dtype=torch.float64)
print((lin(x)).tolist())
x = (torch.randn(2, 2, 2, 1) * 10).to(torch.float64)
print(lin(x))
print((lin(x)).tolist())
x = (torch.randn(3, 1) * 10).to(torch.float64)
w2 = (torch.randn(3, 1) * 10).to(torch.float64)
b2 = (torch.randn(3) * 10).to(torch.float64)
print((F.linear(x, w2)).tolist())
x = (torch.randn(6, 6) * 10).to(torch.float64)
print((nn.Dropout(1.0)(torch.ones(6, 6, dtype=torch.float64))).tolist())
class SelfAttention(nn.Module):
    def __init__(self, d_in, d_out, qkv_bias=False):
        super().__init__()
        self.W_query = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_key = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_value = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.dropout = nn.Dropout(0.5)
    def forward(self, x):
        keys = self.W_key(x)
        queries = self.W_query(x)
        values = self.W_value(x)
        attn_scores = queries @ keys.transpose(-2, -1)
        attn_weights = torch.softmax(attn_scores / keys.shape[-1] ** 0.5, dim=-1)
        attn_weights = self.dropout(attn_weights)
        return attn_weights @ values
sa = SelfAttention(3, 3, qkv_bias=True).double()
x = torch.rand(2, 3).double() * 4 - 2
print(sa(x))
print((sa(x)).tolist())
sa.eval()
print(sa(x))
print((sa(x)).tolist())
