# a dict error as Python raises it
import torch
def f(a):
    pass
f(**3)
