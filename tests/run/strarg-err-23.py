print("before")
print(repr("a".find()))
