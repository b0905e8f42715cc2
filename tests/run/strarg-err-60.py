print("before")
print(repr("{".format(1)))
