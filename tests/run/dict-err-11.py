# a dict error as Python raises it
import torch
print({}.get(1, 2, 3))
