print("before")
print(repr("a".find(sub="a")))
