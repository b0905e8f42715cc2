print("before")
print(repr("{} {0}".format(1, 2)))
