print("before")
print(repr("a".ljust(width=3)))
