print("before")
d = {**{"a": 1}}
