print("before")
print(repr("a".upper(1)))
