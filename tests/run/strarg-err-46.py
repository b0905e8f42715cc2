print("before")
print(repr("a".zfill()))
