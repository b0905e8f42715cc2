print("a b".split(1))
