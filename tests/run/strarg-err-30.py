print("before")
print(repr("a".count()))
