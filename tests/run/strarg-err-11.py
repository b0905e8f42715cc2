print("before")
print(repr("a".strip(chars="a")))
