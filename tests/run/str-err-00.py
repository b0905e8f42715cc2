s = "abc"
print(s.upper())
print(s.nope())
