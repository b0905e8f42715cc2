# a zero step in a list slice: ValueError, as for a str (one slice helper, py_slice_ends)
x = [1, 2, 3]
print(x[::-2], x[5:-9:-1], "abc"[::-1])
print(x[::0])
