# a lambda made in a comprehension reads the comprehension's variable as a cell: its last value
i = 10
fs = [lambda: i for i in range(3)]
print([f() for f in fs])
print([(lambda: i)() for i in range(3)])
def outer():
    gs = [lambda x: x + j for j in range(3)]
    return [g(100) for g in gs]
print(outer())
hs = list((lambda: k) for k in range(4))
print([h() for h in hs])
print(i)
d = {n: (lambda: n) for n in "ab"}
print(d["a"]())
nested = [[lambda: (a, b) for b in range(2)] for a in range(2)]
print([[g() for g in row] for row in nested])
