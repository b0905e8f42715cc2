print("before")
print(repr("a".endswith([1])))
