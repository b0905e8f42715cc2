# input: data/book-causal-attention.json
# The book's causal attention (3.5.3: the batch of two, nn.Linear weights after seed 123, dropout 0)
# as a function of the layers: the mask left out (no-mask)
import torch


def causal_attention(x, W_query, W_key, W_value):
    b, num_tokens, d_in = x.shape
    keys = W_key(x)
    queries = W_query(x)
    values = W_value(x)
    attn_scores = queries @ keys.transpose(1, 2)
    mask = torch.triu(torch.ones(num_tokens, num_tokens), diagonal=1)
    pass
    attn_weights = torch.softmax(attn_scores / keys.shape[-1]**0.5, dim=-1)
    context_vec = attn_weights @ values
    return context_vec


torch.manual_seed(123)
inputs = torch.tensor([[0.43, 0.15, 0.89], [0.55, 0.87, 0.66], [0.57, 0.85, 0.64],
                       [0.22, 0.58, 0.33], [0.77, 0.25, 0.10], [0.05, 0.80, 0.55]])
batch = torch.stack((inputs, inputs), dim=0)
W_query = torch.nn.Linear(3, 2, bias=False)
W_key = torch.nn.Linear(3, 2, bias=False)
W_value = torch.nn.Linear(3, 2, bias=False)
print(causal_attention(batch, W_query, W_key, W_value))
