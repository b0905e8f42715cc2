print(len(zip([1], [2])))
