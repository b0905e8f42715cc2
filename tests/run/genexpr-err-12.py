g = (x for x in [1])
print(len(g))
