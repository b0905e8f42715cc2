g = (i for i in range(3))
def f():
    return sum(g) + sum(g)
print(f(), list(g))
x = [1,2,3]
for v in x:
    x.append(v) if len(x) < 10 else None
print(x)
x = [1, 2, 3, 4, 5]
for v in x:
    if v == 2:
        x.remove(v) if False else x.pop(0)
    print(v, x)
y = [1, 2]
print(0)
w = [1, 2, 3]
g = (v * 2 for v in w)
w.append(4)
print(list(g))
for i, v in enumerate(w):
    if i < 2:
        w.append(v)
print(w)
for a, b in zip(w, w):
    if len(w) < 9:
        w.append(a)
print(w)
