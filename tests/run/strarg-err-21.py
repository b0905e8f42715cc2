print("before")
print(repr("a".replace("a", "b", 1, 2)))
