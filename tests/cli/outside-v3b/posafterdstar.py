print("before")
print(**{"sep": ""}, "x")
