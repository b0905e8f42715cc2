print("before")
print(repr("a".endswith()))
