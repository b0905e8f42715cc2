print("before")
print(repr("a".zfill("3")))
