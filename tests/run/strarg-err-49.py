print("before")
print(repr("a".zfill(width=3)))
