class A:
    pass
for x in A():
    print(x)
