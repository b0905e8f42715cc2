print("abc".count(1))
