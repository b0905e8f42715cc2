import torch
print("before")
sorted([1], reverse=1.5)
print("not reached")
