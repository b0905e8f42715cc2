e = enumerate(1 / x for x in [2, 1, 0])
print(next(e))
for i, v in e:
    print(i, v)
