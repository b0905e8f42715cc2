print("before")
print(repr("a b".split(None, 1.5)))
