# input: data/book-rand-123.json
# A traced cell prints its tensor as print() would there: under the script's own
# torch.set_printoptions (precision, sci_mode), changed between the calls.
import torch


def scaled(x, k):
    y = x * k
    z = y.sum(dim=-1)
    return z


torch.manual_seed(7)
a = torch.rand(2, 3)
torch.set_printoptions(precision=6)
print(scaled(a, 3.0))
torch.set_printoptions(precision=2, sci_mode=True)
print(scaled(a, -0.5))
torch.set_printoptions(profile="default")
print(scaled(a, 1.0))
