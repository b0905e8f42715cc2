# a def inside a function reads the enclosing call's names (Python's
# closures): parameters, locals bound before or after the def, through two
# levels, after the enclosing call has returned, a nested def calling itself,
# a list the closure appends to; a name no enclosing call has: NameError
import torch


def scale(v, by=2.0, shift=0.0):
    def inner(w):
        return w * by + shift
    return inner(v)


def outer(n):
    k = 10
    def mid(a):
        def leaf(b):
            return a + b + k + n
        return leaf(1)
    r = mid(100)
    k = 20
    return r, mid(100)


def make_adder(d):
    def add(x):
        return x + d
    return add


def countdown(n):
    out = []
    def step(i):
        if i > 0:
            out.append(i)
            step(i - 1)
    step(n)
    return out

x = torch.tensor([1.0, 2.0])
print(scale(x, shift=1), scale(x, 3), scale(v=x, by=0.5, shift=-1.0))
print(outer(1))
add5 = make_adder(5)
add7 = make_adder(7)
print(add5(1), add7(1), add5(add7(0)))
print(countdown(4))
print([make_adder(i)(10) for i in range(3)])


def late():
    def g():
        return y
    y = 3
    return g()


print(late())
def bad():
    def h():
        return zz
    return h()


print(bad())
