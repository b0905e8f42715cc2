#!/usr/bin/python3
"""thread_scripts.py - scripts for tests/run that set PyTorch's thread count.

Writes tests/run/threads-rand-NNN.py (NNN from 000): each seeds torch,
calls torch.set_num_threads(k) (k from 1 to 8, more than this machine's
CPUs too: PyTorch runs that many OpenMP threads all the same) and prints,
in a few hundred bytes, what depends on where PyTorch 1.13 cuts its work
between threads: whole-tensor sums, means, var/std (float32 and float64),
sums and variances over dims, vector norms of every order, x.max() and
x.min() of signed zeros, x ** p (the vector loop's scalar tails at each
chunk's end), softmax along a middle dim (its vector groups start at each
chunk's cut, over more than 32768 / n columns, n the dim's size) and, as
controls, exp and sqrt, on tensors of about GRAIN_SIZE (32768) elements
and a few times it, contiguous or not (transposed, sliced with a step,
expanded).  Results are printed as Python floats (.item(), .tolist() of
a few elements, or the float64 sum of a result), never whole tensors.
Then run tests/gen/run_cases.py on them for the goldens (real PyTorch).
Deterministic: the same seed writes the same files.

    /usr/bin/python3 tests/gen/thread_scripts.py [COUNT [SEED]]
    /usr/bin/python3 tests/gen/run_cases.py tests/run/threads-rand-*.py

--fuzz N: writes N scripts into a temporary directory instead and
compares attn-explain ($BIN, else ./attn-explain, from the top of the tree)
with real PyTorch on each, printing the first difference.
"""
import os
import subprocess
import sys
import tempfile

import scriptgen

GRAIN = 32768
THREADS = [1, 2, 2, 3, 4, 4, 5, 8]
ORDERS = ["2", "1", "3", "float('inf')", "float('-inf')", "0", "0.5"]
EXPONENTS = ["1.7", "2.5", "-1.3", "0.3", "3.5", "2", "0.5"]


def numel(r):
    """about a multiple of GRAIN_SIZE, or a little off one"""
    k = r.choice([1, 1, 2, 3, 4, 7])
    return max(1, k * GRAIN + r.choice([0, 0, 1, -1, 5, -7, r.randrange(-3000, 3000), r.randrange(GRAIN)]))


def shape_of(r, n):
    """n elements (about) as 1, 2 or 3 dims"""
    nd = r.choice([1, 1, 2, 2, 3])
    if nd == 1:
        return [n]
    if nd == 2:
        c = r.choice([3, 7, 8, 16, 33, 100, 257, 1000, 4099, r.randrange(2, 3000)])
        return [max(1, n // c), c]
    a = r.choice([2, 3, 5])
    c = r.choice([7, 40, 128, r.randrange(2, 500)])
    return [a, max(1, n // (a * c)), c]


def make(r, lines):
    """x = a random tensor; returns its shape"""
    shape = shape_of(r, numel(r))
    scale = r.choice(["", " * 10", " + 3", " * 0.001"])
    gen = r.choice(["randn", "randn", "rand"])
    kind = r.randrange(5) if len(shape) >= 2 else r.choice([0, 0, 0, 3])
    dims = ", ".join(map(str, shape))
    if kind == 1:	# transposed
        base = shape[::-1]
        lines.append("x = (torch.%s(%s)%s).transpose(0, %d)" % (gen, ", ".join(map(str, base)), scale, len(shape) - 1)
                     if len(shape) == 2 else "x = (torch.%s(%s)%s).permute(2, 1, 0)" % (gen, ", ".join(map(str, base)), scale))
    elif kind == 2:	# the last dim sliced
        base = shape[:-1] + [shape[-1] + r.randrange(1, 5)]
        lines.append("x = (torch.%s(%s)%s)[..., :%d]" % (gen, ", ".join(map(str, base)), scale, shape[-1]))
    elif kind == 3:	# a step
        lines.append("x = (torch.%s(%d)%s)[::2].reshape(%s)" % (gen, 2 * prod(shape), scale, dims)
                     if len(shape) > 1 else "x = (torch.%s(%d)%s)[::2]" % (gen, 2 * prod(shape), scale))
    elif kind == 4:	# expanded along dim 0
        lines.append("x = (torch.%s(1, %s)%s).expand(%s)" % (gen, ", ".join(map(str, shape[1:])), scale, dims))
    else:
        lines.append("x = torch.%s(%s)%s" % (gen, dims, scale))
    if r.random() < 0.2:
        lines.append("x = x.double()")
    return shape


def prod(shape):
    n = 1
    for s in shape:
        n *= s
    return n


def op(r, shape):
    """one printed result"""
    nd = len(shape)
    d = r.randrange(nd)
    kind = r.randrange(14)
    if kind == 0:
        return "print(x.sum().item(), x.mean().item())"
    if kind == 1:
        return "print(x.var().item(), x.std().item(), x.var(unbiased=False).item())"
    if kind == 2:
        return "y = x.sum(%d)\nprint(y.shape, y.double().sum().item(), y.reshape(-1)[-3:].tolist())" % d
    if kind == 3:
        return "y = x.var(%d)\nprint(y.shape, y.double().sum().item())" % d
    if kind == 4:
        return "print(torch.linalg.vector_norm(x, %s).item())" % r.choice(ORDERS)
    if kind == 5:
        return "print(x.norm(%s, dim=%d).double().sum().item())" % (r.choice(ORDERS), d)
    if kind == 6 or kind == 7:
        e = r.choice(EXPONENTS)
        base = r.choice(["x.abs()", "x", "(x.abs() + 0.5)"])
        return ("y = %s ** %s\nprint(y.double().sum().item(), y.reshape(-1)[%d:%d].tolist())"
                % (base, e, GRAIN - 3, GRAIN + 3))
    if kind == 8:
        return "y = x.abs() ** (x * 0.5)\nprint(y.double().sum().item(), y.reshape(-1)[-20:].double().sum().item())"
    if kind == 9:
        f = r.choice(["torch.exp(x * 0.1)", "torch.sqrt(x.abs())", "x / 3", "x.abs() ** 2"])
        return "y = %s\nprint(y.double().sum().item())" % f
    if kind == 12:	# softmax along a middle dim: cut between threads past 32768 / n columns
        shp = "%d, %d, %d" % (r.randrange(1, 4), r.randrange(2, 40), r.randrange(9, 4000))
        return ("s = torch.randn(%s) * 8\ny = torch.softmax(s, %d)\nprint((y * 1000).double().sum().item(), y.double().sum().item())"
                % (shp, r.randrange(2)))
    if kind == 11:	# signed zeros: which one max/min keep depends on the chunks
        return "z = x * 0\nprint(z.max().item(), z.min().item(), x.max().item())"
    if kind == 10 and nd >= 2:
        return "y = torch.softmax(x * 5, %d)\nprint(y.double().sum().item(), (y * 1000).sum().item())" % (r.randrange(nd - 1))
    return "print(x.sum(%d, keepdim=True).sum().item(), (x * x).sum().item())" % d


def script(r):
    lines = ["import torch", "torch.manual_seed(%d)" % r.randrange(1000)]
    k = r.choice(THREADS[1:])	# more than one first: each script differs from one thread's numbers
    lines.append("torch.set_num_threads(%d)" % k)
    lines.append("print(torch.get_num_threads())")
    lines.append("w = torch.randn(%d)\nprint(w.sum().item(), (w.abs() ** 1.5).double().sum().item())" % (2 * GRAIN + r.randrange(1, GRAIN)))
    for _ in range(r.randrange(2, 4)):
        shape = make(r, lines)
        for _ in range(r.randrange(2, 5)):
            lines.append(op(r, shape))
        if r.random() < 0.3:
            k = r.choice(THREADS)
            lines.append("torch.set_num_threads(%d)" % k)
    return "\n".join(lines) + "\n"


def fuzz(count, seed):
    import random
    r = random.Random(seed)
    env = dict(os.environ, LD_LIBRARY_PATH="/usr/lib/x86_64-linux-gnu/blas:/usr/lib/x86_64-linux-gnu/lapack")
    env.pop("PYTHONUNBUFFERED", None)
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(count):
            path = os.path.join(tmp, "t%d.py" % i)
            with open(path, "w") as f:
                f.write(script(r))
            want = subprocess.run(["/usr/bin/python3", path], capture_output=True, text=True, env=env)
            if want.returncode != 0:
                print("=== case %d: PyTorch failed: %s" % (i, want.stderr.strip().split("\n")[-1]))
            got = subprocess.run([os.environ.get("BIN", "./attn-explain"), "--seed", "0", "--run", path],
                                 capture_output=True, text=True)
            if want.stdout != got.stdout or want.returncode != got.returncode:
                bad += 1
                print("=== case %d differs" % i)
                print(open(path).read())
                w, g = want.stdout.split("\n"), got.stdout.split("\n")
                for a, b in zip(w, g):
                    if a != b:
                        print("torch: " + a)
                        print("ours:  " + b)
                        break
                print(want.stderr[-500:], got.stderr[-500:])
    print("fuzz: %d of %d differ" % (bad, count))
    return bad


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--fuzz":
        n = int(sys.argv[2]) if len(sys.argv) > 2 else 50
        seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
        sys.exit(1 if fuzz(n, seed) else 0)
    scriptgen.write_all("threads-rand", script, 40, 2311)


if __name__ == "__main__":
    main()
