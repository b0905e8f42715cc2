print("before")
print(repr("a".split(maxsplit="x")))
