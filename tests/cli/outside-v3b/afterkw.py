print("before")
def f(**kw, a):
    pass
