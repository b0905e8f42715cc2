print("before")
print(repr("a".ljust()))
