# the lecture's tokenizer: encode/decode as lambdas over dict comprehensions
import torch
text = "first citizen: before we proceed any further, hear me speak."
chars = sorted(list(text))
uniq = []
for ch in chars:
    if ch not in uniq:
        uniq.append(ch)
vocab_size = len(uniq)
stoi = { ch:i for i,ch in enumerate(uniq) }
itos = { i:ch for i,ch in enumerate(uniq) }
encode = lambda s: [stoi[c] for c in s] # encoder: take a string, output a list of integers
decode = lambda l: ''.join([itos[i] for i in l]) # decoder: take a list of integers, output a string
print(vocab_size)
print(encode("hii there"))
print(decode(encode("hii there")))
data = torch.tensor(encode(text), dtype=torch.long)
print(data.shape, data.dtype)
print(data[:10])
f = lambda x, y=2, *a, k=3, **kw: (x, y, a, k, kw)
print(f(1), f(1, 5, 6, 7, k=0, z=1))
print(sorted([3, -1, 2, -5], key=lambda v: abs(v)))
print(sorted(stoi.items(), key=lambda kv: -kv[1])[:3])
print((lambda: 42)())
def scale(n):
    return lambda x: x * n
torch.manual_seed(3)
print(scale(3)(torch.randn(2)))
adders = [lambda x, i=i: x + i for i in range(3)]
print([a(10) for a in adders])
sq = lambda t: (t ** 2).sum(dim=-1)
print(sq(torch.arange(6.).view(2, 3)))
