print("before")
print(repr("a".startswith("a", 0, 1, 2)))
