import torch
print("before")
divmod(1, 0)
print("not reached")
