print("ran")
if True:
    from collections import OrderedDict
