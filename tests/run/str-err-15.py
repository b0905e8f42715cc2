print("abc" * 1.5)
