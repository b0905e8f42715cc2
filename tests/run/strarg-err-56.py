print("before")
print(repr("a".center(3.0)))
