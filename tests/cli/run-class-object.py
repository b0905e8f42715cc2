import torch
print("never printed")
class Config(object):
    n_embd = 4
