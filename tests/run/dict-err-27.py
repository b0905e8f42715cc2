# a dict error as Python raises it
import torch
class A(torch.nn.Module):
    def f(self, a):
        pass
A().f(*1)
