print("abc" * "b")
