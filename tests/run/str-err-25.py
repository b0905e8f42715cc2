print("{".format())
