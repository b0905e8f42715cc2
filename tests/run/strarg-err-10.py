print("before")
print(repr("a".rstrip(3)))
