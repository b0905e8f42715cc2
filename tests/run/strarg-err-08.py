print("before")
print(repr("a".strip(1, 2)))
