print("before")
print(repr("a".find("a", "b")))
