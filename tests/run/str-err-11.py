print("abc".strip(1))
