x = [1, 2]
print(3 not in x)
print(x not in 3)
