x = []
x.append(x)
print(x)
y = [1, [2]]
y[1].append(y)
print(y, str(y), repr(y), f"{y}")
z = [y, y]
print(z)
t = ([],)
t[0].append(t)
print(t)
a = [1]
b = [a, a]
print(b)
print(len(str(x)))
# no cycle collector here: the cycles are broken before the end, as a refcount alone can free them
x.clear()
y[1].pop()
t[0].clear()
print(x, y, t)
