class A:
    def __init__(self):
        self.v = 1
a = A()
print(a.v)
a()
