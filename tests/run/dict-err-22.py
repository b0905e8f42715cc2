# a dict error as Python raises it
import torch
print(sep='', **{'sep': 2})
