print('before')
g = (x for x in 5)
