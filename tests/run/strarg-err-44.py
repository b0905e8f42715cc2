print("before")
print(repr("a".isdigit(1)))
