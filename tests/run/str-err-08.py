print("abc".ljust("x"))
