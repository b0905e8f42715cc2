import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(295)
x = torch.randn(17, dtype=torch.float64)
print((nn.Dropout(0.0)(x)).tolist())
print((F.dropout(x.float(), 0.0)).tolist())
x = torch.rand(5, 33).double() * 4 - 2
print((F.dropout(x, p=0.3333, training=True)).tolist())
class SelfAttention(nn.Module):
    def __init__(self, d_in, d_out, qkv_bias=False):
        super().__init__()
        self.W_query = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_key = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_value = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.dropout = nn.Dropout(0.0)
    def forward(self, x):
        keys = self.W_key(x)
        queries = self.W_query(x)
        values = self.W_value(x)
        attn_scores = queries @ keys.transpose(-2, -1)
        attn_weights = torch.softmax(attn_scores / keys.shape[-1] ** 0.5, dim=-1)
        attn_weights = self.dropout(attn_weights)
        return attn_weights @ values
sa = SelfAttention(6, 4, qkv_bias=False).double()
x = (torch.randn(6, 6) * 10).to(torch.float64)
print((sa(x)).tolist())
sa.eval()
print((sa(x)).tolist())
