print("a b".split(""))
