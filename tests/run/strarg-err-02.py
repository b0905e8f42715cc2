print("before")
print(repr("a,b".split(",", "x")))
