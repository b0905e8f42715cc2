g = (next(g) for x in range(3))
print('made')
next(g)
