print("before")
print(repr("a".count("a", 0.5)))
