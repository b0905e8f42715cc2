print("never printed")
x = 0


def f():
    global x
    x = 1


f()
