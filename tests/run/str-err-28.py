print(1 in 5)
