def g(a, b=2):
    return a * b
print(g(3), g(3, 4), g(b=5, a=1))
print(g())
