print("before")
print(repr("a".split(1, 2, 3)))
