import torch
torch.manual_seed(0)
print(torch.randint(10, (3,)))
text = "hello there i"
chars = sorted(list(set(text)))
stoi = { ch:i for i,ch in enumerate(chars) }
itos = { i:ch for i,ch in enumerate(chars) }
encode = lambda s: [stoi[c] for c in s] # encoder: take a string, output a list of integers
decode = lambda l: ''.join([itos[i] for i in l]) # decoder: take a list of integers, output a string
print(encode("hii there"))
print(decode(encode("hii there")))
f = lambda a, b=2: a * b
print(f(3), f(3, 4), f(b=5, a=1))
print(sorted([3, -1, 2], key=lambda v: -v))
g = lambda: 7
print(g())
def mk(k):
    return lambda x: x + k
print(mk(10)(5))
h = lambda x: x / 0
print(h(1))
