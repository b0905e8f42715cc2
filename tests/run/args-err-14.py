# a call that does not bind, as Python says
import torch
def f(a, *args, **kw):
    return args[a]
print(f(0, 'x', y=1))
f(3, 'x')
