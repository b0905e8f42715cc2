x = 1
def f(a):
    return a + y
print(x)
print(f(2))
