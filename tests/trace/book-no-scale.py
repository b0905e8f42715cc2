# input: data/book-rand-123.json
# The book's self-attention (3.4.1, weights from torch.rand after seed 123) as a function: the scores not scaled (no-scale)
import torch


def self_attention(x, W_q, W_k, W_v):
    queries = x @ W_q
    keys = x @ W_k
    values = x @ W_v
    attn_scores = queries @ keys.T
    d_k = keys.shape[-1]
    attn_weights = torch.softmax(attn_scores, dim=-1)
    context_vec = attn_weights @ values
    return context_vec


torch.manual_seed(123)
inputs = torch.tensor([[0.43, 0.15, 0.89], [0.55, 0.87, 0.66], [0.57, 0.85, 0.64],
                       [0.22, 0.58, 0.33], [0.77, 0.25, 0.10], [0.05, 0.80, 0.55]])
W_query = torch.nn.Parameter(torch.rand(3, 2), requires_grad=False)
W_key = torch.nn.Parameter(torch.rand(3, 2), requires_grad=False)
W_value = torch.nn.Parameter(torch.rand(3, 2), requires_grad=False)
print(self_attention(inputs, W_query, W_key, W_value))
