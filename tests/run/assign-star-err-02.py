print(1)
*a = [1, 2]
