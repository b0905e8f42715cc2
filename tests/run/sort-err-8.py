import torch
print("before")
sorted([1], foo=1)
print("not reached")
