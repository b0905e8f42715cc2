def f(xs):
    d = 0
    return (x / d for x in xs)

g = f([1, 2])
print('got')
print(next(g))
