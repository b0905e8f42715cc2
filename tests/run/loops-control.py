import math
total = 0
for i in range(2, 20, 3):
    if i % 4 == 0:
        continue
    total += i
    if total > 30:
        break
else:
    print("no break")
print(total)
for i in range(3):
    pass
else:
    print("loop done", i)
k = 10
while k > 0:
    k -= 3
    if k == 4:
        break
print(k, math.sqrt(16))
xs = [1.5, -2.5, 3.25]
print(sum(xs), max(xs), min(xs), abs(xs[1]), round(-2.5), round(0.125, 2))
print(list(range(4)), tuple(range(1, 3)), len(range(5)))
for n, (a, b) in enumerate(zip("ab", [10, 20]), 1):
    print(n, a, b)
def outer(v):
    def inner(w):
        return w * 2
    return inner(v) + 1
print(outer(4))
if not xs:
    print("empty")
elif len(xs) == 3 and xs[0] > 1:
    print("three")
