print("before")
print(repr("a".startswith(prefix="a")))
