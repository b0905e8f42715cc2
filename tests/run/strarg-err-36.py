print("before")
print(repr("a".startswith("a", "x")))
