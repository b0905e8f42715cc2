print("abc".startswith(1))
