print("%z" % 1)
