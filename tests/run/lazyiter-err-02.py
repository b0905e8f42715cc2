for a, b in zip('ab', (x.upper() for x in ['p', 3])):
    print(a, b)
