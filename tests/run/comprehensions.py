import torch
torch.manual_seed(7)
xs = [1.5, -2.0, 3.25, 0.0]
print([x * 2 for x in range(3)], [(i, j) for i in range(4) for j in range(i) if (i + j) % 2 == 1])
print([x for x in xs if x > 0], [abs(x) for x in xs if x if x != 3.25])
print(tuple(i * i for i in range(5)), list(c for c in "abc"), sum(x for x in xs))
m = torch.nn.Linear(3, 2)
print(sum(p.numel() for p in [m.weight, m.bias]))
t = torch.rand(3, 4)
print(torch.stack([r * 2 for r in t]))
print(torch.cat([t[i] for i in range(3) if i != 1]))
print([[i * j for j in range(3)] for i in range(3)])
print([row.sum() for row in t])
print([(i, v) for i, v in enumerate(xs) if v < 1], [a + b for a, b in zip(xs, xs[1:])])
print(max(x * x for x in xs), min([x - 1 for x in xs]), len([y for y in range(10) if y % 3 == 0]))
x = "kept"
ys = [x for x in range(3)]
print(x, ys)
def f(n):
    return [k * n for k in range(n)]
print(f(3), [f(k) for k in range(3)])
print(1 if xs else 2, "yes" if not xs else "no", [("odd" if k % 2 else "even") for k in range(3)])
print([t[i, j] for i in range(2) for j in range(2)])
