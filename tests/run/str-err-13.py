print("abc"[3])
