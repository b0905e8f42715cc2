print("before")
print(repr("a".find(1)))
