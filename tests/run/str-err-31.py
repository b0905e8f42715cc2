print("abc"[::0])
