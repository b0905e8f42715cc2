print("ran")
x = 3
if x is 3:
    print("three")
