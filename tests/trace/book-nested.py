# input: data/book-rand-123.json
# A function called from the traced one is traced too (each call is a frame), and a loop's
# assignments make a cell each time round; softmax written by hand, as the book's softmax_naive.
import torch


def softmax_naive(x):
    e = torch.exp(x - x.max(dim=-1, keepdim=True).values)
    e /= e.sum(dim=-1, keepdim=True)
    return e


def self_attention(x, W_q, W_k, W_v):
    queries = x @ W_q
    keys = x @ W_k
    values = x @ W_v
    attn_scores = torch.zeros(x.shape[0], x.shape[0])
    for i, q in enumerate(queries[:2]):
        attn_scores[i] = keys @ q
    attn_scores = queries @ keys.T
    attn_weights = softmax_naive(attn_scores / keys.shape[-1]**0.5)
    return attn_weights @ values


torch.manual_seed(123)
inputs = torch.tensor([[0.43, 0.15, 0.89], [0.55, 0.87, 0.66], [0.57, 0.85, 0.64],
                       [0.22, 0.58, 0.33], [0.77, 0.25, 0.10], [0.05, 0.80, 0.55]])
W_query = torch.nn.Parameter(torch.rand(3, 2), requires_grad=False)
W_key = torch.nn.Parameter(torch.rand(3, 2), requires_grad=False)
W_value = torch.nn.Parameter(torch.rand(3, 2), requires_grad=False)
print(self_attention(inputs, W_query, W_key, W_value))
