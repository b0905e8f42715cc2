print("ran")
def deco(f):
    return f
@deco
def g():
    pass
