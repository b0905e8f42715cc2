# a call that does not bind, as Python says
import torch
def f(a, **kw):
    pass
f(1, a=2)
