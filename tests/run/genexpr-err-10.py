g = (y for x in [1, 2] for y in x)
print('made')
print(next(g))
