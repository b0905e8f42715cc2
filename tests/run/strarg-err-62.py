print("before")
print(repr("{0:d}".format("a")))
