print("%" % 1)
