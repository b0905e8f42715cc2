next([1, 2])
