print("abc".replace(1, "x"))
