# a dict error as Python raises it
import torch
def f(a):
    pass
f(a=1, **{'a': 2})
