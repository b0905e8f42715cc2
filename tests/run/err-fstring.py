print("never")
x = 1
y = f"{x!z}"
