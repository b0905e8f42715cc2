print("{0} {}".format(1, 2))
