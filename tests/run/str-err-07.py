print("abc".index("z"))
