print("before")
print(repr("a".startswith()))
