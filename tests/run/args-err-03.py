# a call that does not bind, as Python says
import torch
def f(a, *, b, c):
    pass
f(1)
