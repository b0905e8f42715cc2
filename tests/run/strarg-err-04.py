print("before")
print(repr("a".split(sep=1)))
