print("before")
print(repr("{x}".format(y=1)))
