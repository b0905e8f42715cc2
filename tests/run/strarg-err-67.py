print("before")
print(repr(format()))
