g = (x.upper() for x in ['a', 1])
print(sum(1 for _ in range(3)))
print(list(g))
