print("before")
print(repr("a".zfill(1, 2)))
