print("abc"["x"])
