# late binding: a generator made in a comprehension reads its names' last values (Python's cells)
r = range(3)
gs = [(i*j for j in r) for i in range(3)]
print([list(g) for g in gs])
i = 10
gs = [(i + k for _ in range(2)) for k in range(4)]
print([list(g) for g in gs])
print([list(x) for x in [[(a, b) for b in (a*c for c in range(2))] for a in range(3)]])
g = ((k*j for j in r) for k in range(3))
inners = list(g)
print([list(x) for x in inners])
g = ((k*j for j in r) for k in range(3))
a = next(g); b = next(g)
print(list(a), list(b))
def f():
    return [(i * t for t in range(2)) for i in range(4)]
print([list(h) for h in f()])
def h(n):
    m = 5
    return [[(m + i + j for _ in range(1)) for j in range(n)] for i in range(2)]
print([[list(q) for q in row] for row in h(3)])
nested = [[(i, j, z) for z in (i+j for _ in range(1))] for i in range(2) for j in range(2)]
print(nested)
print(i)
