import torch
print("before")
int("1.5")
print("not reached")
