print("before")
print(repr("a".ljust(3, "ab")))
