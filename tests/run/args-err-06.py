# a call that does not bind, as Python says
import torch
def f(**kw):
    pass
f(1)
