print("before")
print(repr("a".replace("a", "b", "c")))
