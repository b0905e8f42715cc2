print("before")
print(repr("a".startswith(1)))
