def f(x):
    return [1, 2][x]

g = (f(x) for x in range(3))
print(next(g), next(g))
print(next(g))
