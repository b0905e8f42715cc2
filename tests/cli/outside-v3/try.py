print("ran")
try:
    x = 1
except ValueError:
    pass
