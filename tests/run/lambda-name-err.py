g = lambda: undefined_name
print(1)

g()
