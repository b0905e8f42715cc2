print("never printed")
def gen(n):
    for i in range(n):
        yield i
