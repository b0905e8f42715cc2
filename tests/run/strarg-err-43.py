print("before")
print(repr("a".lower(1)))
