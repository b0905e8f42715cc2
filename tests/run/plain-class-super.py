class A:
    def __init__(self, k=2):
        super().__init__()
        self.k = k

class B(A):
    def __init__(self):
        super().__init__(5)
        self.z = self.k * 2

b = B()
print(A().k, b.k, b.z, b.__class__.__name__, type(b).__name__, b.__class__ is B)
