# a call that does not bind, as Python says
import torch
def f(a):
    pass
f(1, 2, b=3)
