print("before")
print(repr("a".startswith(("a", 1))))
