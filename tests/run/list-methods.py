# a list's methods change it in place (every name bound to it sees it), l += xs
# extends in place; the errors as Python 3.11's
l = [1, 2]
m = l
l[0] = 5
print(m, l)
l += [3]
l += (4, 5)
print(m)
l.append([6])
l.extend(range(2))
l.insert(0, "a")
l.insert(-100, "b")
l.insert(100, "c")
print(m, len(m))
print(l.pop(), l.pop(0), l.pop(-2), l)
print(l.index(5), l.count(0), l.count(1), l.index(1, 2), l.index(1, -3))
l.remove(5)
l.reverse()
c = l.copy()
l.clear()
print(l, c, m)
outs = []
for i in range(3):
    outs.append(i * i)
print(outs, sum(outs), max(outs))
import torch
torch.manual_seed(2)
rows = []
for r in torch.rand(3, 2):
    rows.append(r.sum().item())
rows.extend([r.max().item() for r in torch.rand(2, 2)])
print(rows, rows.index(max(rows)), len(rows))
t = [torch.ones(2)]
print(len(t), t.pop())
print(rows.index(-1.0))
