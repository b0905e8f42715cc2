z = zip([1], 3)
