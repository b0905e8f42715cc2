print("never")
x = [1, 2]
print(sum(v for v in x, 1))
