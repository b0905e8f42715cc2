e = enumerate([1], 'a')
