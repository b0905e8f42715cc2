import torch
print("before")
int("1__0")
print("not reached")
