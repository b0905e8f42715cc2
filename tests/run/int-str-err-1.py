import torch
print("before")
int("")
print("not reached")
