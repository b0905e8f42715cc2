print("before")
print(repr("{:x}".format(1.5)))
