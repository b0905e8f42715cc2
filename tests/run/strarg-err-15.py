print("before")
print(repr("a".join(iterable=["a"])))
