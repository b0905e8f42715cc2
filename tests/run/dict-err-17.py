# a dict error as Python raises it
import torch
x = {1: 2}
x.foo
