# len() of an object without one: TypeError
import torch
print(len([1, 2]), len(torch.ones(3, 2)), len("ab"))
print(len(5))
