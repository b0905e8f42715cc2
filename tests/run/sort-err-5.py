import torch
print("before")
reversed(5)
print("not reached")
