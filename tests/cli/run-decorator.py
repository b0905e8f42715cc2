print("never printed")


def deco(f):
    return f


@deco
def g():
    return 1
