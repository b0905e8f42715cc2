print("abc".center(9, "ab"))
