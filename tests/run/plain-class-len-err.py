class A:
    pass
a = A()
print(len(a))
