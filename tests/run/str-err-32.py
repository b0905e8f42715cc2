print("{!x}".format(1))
