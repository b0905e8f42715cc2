print("before")
print(repr("a".rjust(3, "x", 1)))
