print("before")
print(repr("{0} {2}".format(1, 2)))
