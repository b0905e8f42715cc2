import torch
def f(v):
    print("f", v)
    return v
print(0 <= 2 < 5, 1 < 0 < f(3), f(1) < f(2) < f(3) < f(0) < f(9))
print(1 < 2 == 2, 3 > 2 > 1 > 0, 1 == 1.0 != 2, "a" < "b" < "c", [1] == [1] != [2])
x = 4
print(0 < x <= 4, 0 < x < 4, None is None is not False)
print(1 in [1, 2] in [[1, 2]], 2 not in [1] is not None)
t = torch.tensor(2.)
print(0 < t < 3, 1 < torch.tensor([1., 5.]).sum() <= 6)
try_ = 0 < torch.tensor([1., 2.]) < 3
