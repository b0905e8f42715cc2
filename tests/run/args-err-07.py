# a call that does not bind, as Python says
import torch
def f(a, b=1, *, c, d=2, e):
    pass
f(1, 2, 3, c=1, e=2)
