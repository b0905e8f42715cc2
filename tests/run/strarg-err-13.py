print("before")
print(repr("a".join()))
