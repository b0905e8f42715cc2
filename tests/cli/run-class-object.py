import torch
print("a plain class with object as its base")
class Config(object):
    n_embd = 4
print(Config().n_embd, isinstance(Config(), torch.nn.Module))
