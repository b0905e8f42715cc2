print("before")
print(repr("a".replace("a", "b", count=1)))
