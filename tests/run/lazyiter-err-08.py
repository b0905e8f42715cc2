e = enumerate([7])
print(next(e))
next(e)
