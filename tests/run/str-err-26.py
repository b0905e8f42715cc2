print("a}b".format())
