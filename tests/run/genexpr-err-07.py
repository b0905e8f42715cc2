g = (x for x in [1])
next(g, 1, 2)
