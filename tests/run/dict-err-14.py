# a dict error as Python raises it
import torch
print({'a': 1} + {'b': 2})
