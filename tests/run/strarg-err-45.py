print("before")
print(repr("a".isalpha(x=1)))
