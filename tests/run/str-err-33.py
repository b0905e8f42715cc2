print("{:d}".format("a"))
