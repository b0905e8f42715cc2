print("before")
print(repr("a".join(1)))
