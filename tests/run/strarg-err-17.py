print("before")
print(repr("a".replace()))
