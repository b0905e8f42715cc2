print("before")
print(repr("a".lstrip(None, 2)))
