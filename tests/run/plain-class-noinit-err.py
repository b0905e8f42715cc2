class A:
    pass
print("made")
A(1)
