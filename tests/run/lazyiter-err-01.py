z = zip([1, 2, 3], (10 // x for x in [1, 0]))
print(next(z))
print(list(z))
