print("before")
print(repr("a".split(sep=",", maxsplit=1, x=2)))
