import torch
print(sorted([3, 1, 2]), sorted([3, 1, 2], reverse=True), sorted("banana"), sorted((2.5, -1, 3)))
l = [5, 2, 8, 1]
print(l.sort(), l)
l.sort(reverse=True)
print(l)
words = ["bb", "a", "ccc", "dd"]
print(sorted(words, key=len), sorted(words, key=len, reverse=True))
def second(p):
    return p[1]
pairs = [(1, 'b'), (2, 'a'), (3, 'b'), (0, 'a')]
print(sorted(pairs, key=second), sorted(pairs))
print(sorted(range(10, 0, -3)), sorted(x * x for x in [-3, 1, 2]))
print(list(reversed([1, 2, 3])), list(reversed("abc")), list(reversed(range(4))), list(reversed((1, 2))))
t = torch.tensor([3., 1., 2.])
print(sorted(t.tolist()), sorted([torch.tensor(2.), torch.tensor(1.)]))
big = [(i * 7919) % 101 for i in range(300)]
print(sorted(big)[:10], sorted(big, reverse=True)[:5], sorted(big) == sorted(sorted(big)))
print(sorted([True, 0, 1.5, -2]), sorted([], reverse=True), sorted([[2, 1], [1, 5], [1]]))
print(sorted([3, 1], reverse=0), sorted([3, 1], key=None))
