# torch.full (a causal mask of -inf), full_like, eye, new_*, fill_, zero_
import torch
torch.manual_seed(0)
T = 4
mask = torch.triu(torch.full((T, T), float('-inf')), diagonal=1)
print(mask)
scores = torch.randn(T, T)
print(torch.softmax(scores + mask, dim=-1))
print(torch.full((2,), 3), torch.full([2], True), torch.full((), 2.5), torch.full((2,), 1.5, dtype=torch.float64))
print(torch.full((2,), 2.7, dtype=torch.long), torch.full((2, 1), -1, dtype=torch.float32))
print(torch.full(torch.Size([1, 2]), 0.1, requires_grad=True))
x = torch.rand(2, 2)
print(torch.full_like(x, 7), torch.full_like(x, 7, dtype=torch.long), torch.full_like(torch.arange(3), 2.7))
print(torch.eye(3), torch.eye(2, 3), torch.eye(2, dtype=torch.long), torch.eye(0).shape, torch.eye(1, 0))
print(x.new_zeros(2), x.new_ones((2, 1)), x.new_full((2,), 5), x.new_zeros(2, 3).shape, torch.arange(3).new_ones(2))
print(x.new_empty(0).shape, x.new_full([1], True), torch.arange(2).new_full((2,), 2.9), x.new_ones(2, dtype=torch.bool))
y = torch.rand(3)
print(y.fill_(2))
print(y.zero_())
print(y.fill_(torch.tensor(3.)))
z = torch.rand(2, requires_grad=True)
w = z * 1
print(w.fill_(1.))
w2 = z * 1
print(w2.zero_())
v = torch.zeros(2, 3)
v[0].fill_(5)
v[:, 1].zero_()
print(v)
print(torch.arange(3).fill_(2.7))
with torch.no_grad():
    print(z.fill_(4.), z.zero_())
