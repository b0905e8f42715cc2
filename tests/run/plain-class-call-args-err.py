import torch
class Tanh:
    def __call__(self, x):
        return torch.tanh(x)
t = Tanh()
t()
