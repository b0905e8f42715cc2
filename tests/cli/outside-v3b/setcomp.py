print("before")
s = {x for x in range(3)}
