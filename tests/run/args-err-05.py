# a call that does not bind, as Python says
import torch
def f(*args):
    pass
f(x=1)
