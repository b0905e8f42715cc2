# a call that does not bind, as Python says
import torch
def f(a, *, b):
    pass
f(1, 2, 3, b=3, c=4)
