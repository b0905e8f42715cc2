x = 1
y = (x +
z = 2
print(y)
