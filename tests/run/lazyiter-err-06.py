e = enumerate([1, 2])
print(e[0])
