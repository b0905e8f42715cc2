print("before")
print(repr("a".replace("a", 2)))
