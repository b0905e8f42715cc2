class A:
    pass
a = A()
print(a[0])
