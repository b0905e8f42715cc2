# stdout and stderr together (2>&1): the prints before an error come first,
# as python3's (its stdout is flushed before the traceback)
import torch
for i in range(3):
    print("step", i)
x = torch.ones(2, 3)
print(x.sum())
y = x @ x
print("never")
