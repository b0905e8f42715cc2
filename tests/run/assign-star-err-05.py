print([*5])
