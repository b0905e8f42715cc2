print("before")
print(repr("a".find("a", 0, 1, 2)))
