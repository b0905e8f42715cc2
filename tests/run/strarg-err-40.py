print("before")
print(repr("a".endswith("a", "x")))
