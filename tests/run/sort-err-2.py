import torch
print("before")
sorted([1], len)
print("not reached")
