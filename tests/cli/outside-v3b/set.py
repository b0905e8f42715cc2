x = 1
s = {1, 2}
print(s)
