class A:
    def __init__(self):
        super().__init__()
        print("ok")
        super().__init__(x=1)
A()
