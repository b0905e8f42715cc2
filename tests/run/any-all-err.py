print(any(x > 1 for x in [0, 2]))
print(all(5))
