class A:
    def __init__(self, x):
        self.x = x
a = A(1, 2)
