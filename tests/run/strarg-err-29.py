print("before")
print(repr("a".index(1)))
