print("ran")
def gen():
    yield 1
