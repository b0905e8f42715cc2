print("before")
print(repr(format(1, "d", 3)))
