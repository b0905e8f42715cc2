# a call that does not bind, as Python says
import torch
def f(a, *, b):
    pass
f(1, 2, b=3)
