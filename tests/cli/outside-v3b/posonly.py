print("before")
def f(a, /, b):
    return a
