g = (1 / x for x in [2, 1, 0])
print('made')
print(next(g))
print(list(g))
