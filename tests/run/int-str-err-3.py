import torch
print("before")
int('a"b')
print("not reached")
