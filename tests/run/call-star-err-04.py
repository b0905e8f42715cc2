def f(a):
    return a

print(f(*[1, 2]))
