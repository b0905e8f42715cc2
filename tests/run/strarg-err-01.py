print("before")
print(repr("a".split(1)))
