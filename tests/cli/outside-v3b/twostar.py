print("before")
def f(*a, *b):
    pass
