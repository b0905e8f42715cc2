import torch
print("before")
reversed(x for x in [1])
print("not reached")
