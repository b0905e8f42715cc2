print("before")
print(repr("a".replace(1, "b")))
