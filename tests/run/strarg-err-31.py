print("before")
print(repr("a".count(1)))
