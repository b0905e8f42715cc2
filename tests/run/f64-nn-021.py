import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(513)
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
sa = SelfAttention(6, 2, qkv_bias=False).double()
x = torch.rand(5, 6).double() * 4 - 2
print((sa(x)).tolist())
sa.eval()
print((sa(x)).tolist())
x = torch.rand(6, 6).double() * 4 - 2
print((nn.Dropout(0.1)(torch.ones(6, 6, dtype=torch.float64))).tolist())
