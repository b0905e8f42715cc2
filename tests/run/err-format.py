import torch
print("before")
x = 2
print(f"{x:d}", f"{x:.2f}")
print(f"{x:s}")
