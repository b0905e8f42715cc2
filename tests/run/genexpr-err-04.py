g = (x for x in [])
print(next(g, 'empty'))
print(next(g))
