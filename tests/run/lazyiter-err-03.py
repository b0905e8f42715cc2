print('before')
e = enumerate(5)
