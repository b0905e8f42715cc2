# a call that does not bind, as Python says
import torch
def f(a, *args, b, **kw):
    pass
f(b=1)
