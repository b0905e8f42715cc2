f = lambda x: x
print(f(1))
f(1, 2)
