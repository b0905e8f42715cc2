print("before")
print(repr("a".index()))
