#!/usr/bin/python3
"""Random expressions over a run's stages, for differential tests of the
interpreter against real PyTorch 1.13.

Usage:
    /usr/bin/python3 tests/gen/random_exprs.py SEED COUNT INPUT.json NAME
    /usr/bin/python3 tests/gen/random_exprs.py SEED COUNT random NAME

writes tests/py/NAME.in (COUNT bare expressions, one per line) and, through
sessions.py, its .out and .err.  With "random" the input is made up too
(tests/py/NAME.json: random sizes, batch, heads, weights, mask, dropout).  The expressions compose what the contract
lists, at random: indexing (ints, negative ones, slices with steps and
bounds beyond the size, None, ..., bool masks), views (.T, .transpose,
.permute, .view, .reshape, .unsqueeze, .squeeze, .contiguous), every
reduction path (sum, mean, var over any dims, keepdim, unbiased; max, min,
argmax with and without dim) on contiguous and non-contiguous views,
element-wise arithmetic with broadcasting and Python numbers, comparisons,
& | ~ on masks, masked_fill, softmax along any dim, exp/sqrt/abs, @ in its
1-d/2-d/batched forms, cat/stack, tril/triu, .item(), .tolist(), shapes.
Some are invalid on purpose (indices out of range, shapes that do not
broadcast or multiply, dims out of range): their error line is the test.
Errors whose PyTorch text the interpreter does not reproduce (argument
parser dumps) are left out, listed in UNMATCHED below.
"""
import os
import random
import re
import sys
import warnings

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sessions  # noqa: E402  (brings reference.py: the reference BLAS, the namespace)
import json  # noqa: E402
import torch  # noqa: E402

UNMATCHED = [
    r"received an invalid combination of arguments",
    r"must be Number, not",
    r"argument .* must be",
    r"expected scalar type",
    r"not implemented for",
    r"Trying to resize storage",
]

STAGES = sessions.reference.STAGES


class Gen:
    def __init__(self, rnd, ns):
        self.r = rnd
        self.ns = ns
        self.stages = [n for n in STAGES if n in ns]

    def shape(self, e):
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                v = eval(e, dict(self.ns))
        except Exception:
            return None
        return tuple(v.shape) if isinstance(v, torch.Tensor) else None

    def dim(self, nd, extra=0):
        n = max(nd, 1) + extra
        return self.r.randint(-n, n - 1)

    def index(self, e, shp):
        r = self.r
        items = []
        k = r.randint(1, max(1, len(shp)))
        for d in range(k):
            size = shp[d] if d < len(shp) else 3
            c = r.random()
            if c < 0.3:
                items.append(str(r.randint(-size, size - 1) if r.random() < 0.93 else size + r.randint(0, 2)))
            elif c < 0.75:
                a = r.choice(["", str(r.randint(-size, size)), str(r.randint(0, size + 3))])
                b = r.choice(["", str(r.randint(-size, size + 2)), "10000000000", str(-size - 2)])
                st = r.choice(["", "", ":2", ":3", ":1"])
                items.append("%s:%s%s" % (a, b, st))
            elif c < 0.85:
                items.append("None")
            else:
                items.append("...")
        if items.count("...") > 1:
            items = [i for i in items if i != "..."] + ["..."]
        return "%s[%s]" % (e, ", ".join(items))

    def view_op(self, e, shp):
        r = self.r
        nd = len(shp)
        c = r.randint(0, 7)
        if c == 0 and nd == 2:
            return e + ".T"
        if c == 1 and nd >= 1:
            return "%s.transpose(%d, %d)" % (e, self.dim(nd), self.dim(nd))
        if c == 2 and nd >= 1:
            p = list(range(nd))
            r.shuffle(p)
            if r.random() < 0.5:
                return "%s.permute(%s)" % (e, ", ".join(map(str, p)))
            return "%s.permute((%s%s))" % (e, ", ".join(map(str, p)), "," if nd == 1 else "")
        if c == 3:
            return "%s.unsqueeze(%d)" % (e, self.r.randint(-nd - 1, nd))
        if c == 4:
            return "%s.squeeze(%s)" % (e, "" if r.random() < 0.5 or nd == 0 else str(self.dim(nd)))
        if c == 5:
            return e + ".contiguous()"
        if c == 6:
            n = 1
            for s in shp:
                n *= s
            meth = r.choice(["view", "reshape"])
            if n % 2 == 0 and r.random() < 0.6:
                return "%s.%s(2, -1)" % (e, meth)
            return "%s.%s(-1)" % (e, meth)
        return e

    def reduction(self, e, shp):
        r = self.r
        nd = len(shp)
        op = r.choice(["sum", "sum", "mean", "var", "max", "min", "argmax", "argmin"])
        args = []
        if op in ("sum", "mean", "var"):
            c = r.random()
            if c < 0.3 or nd == 0:
                pass
            elif c < 0.75:
                args.append(("dim=%d" if r.random() < 0.6 else "%d") % self.dim(nd, extra=1 if r.random() < 0.05 else 0))
            else:
                k = r.randint(1, nd)
                ds = r.sample(range(nd), k)
                args.append("dim=(%s%s)" % (", ".join(str(d - nd if r.random() < 0.3 else d) for d in ds),
                                             "," if k == 1 else ""))
            if op == "var" and r.random() < 0.4:
                args.append("unbiased=%s" % r.choice(["False", "True"]))
            if args and r.random() < 0.4:
                args.append("keepdim=True")
            return "%s.%s(%s)" % (e, op, ", ".join(args))
        if r.random() < 0.4 or nd == 0:
            return "%s.%s()" % (e, op)
        d = self.dim(nd)
        kd = ", keepdim=True" if r.random() < 0.3 else ""
        if op in ("max", "min"):
            return "%s.%s(dim=%d%s)%s" % (e, op, d, kd, r.choice(["", ".values", ".indices", "[0]", "[1]"]))
        return "%s.%s(dim=%d%s)" % (e, op, d, kd)

    def operand_like(self, shp):
        """Another tensor expression that broadcasts with shp (mostly)."""
        r = self.r
        e = self.base()
        s2 = self.shape(e)
        if s2 is None:
            return "2.5"
        for _ in range(3):
            if len(s2) > len(shp) and r.random() < 0.8:
                e = "%s[%d]" % (e, r.randint(0, s2[0] - 1))
                s2 = s2[1:]
        if len(shp) > 0 and len(s2) > 0 and s2[-1] != shp[-1] and r.random() < 0.7:
            e = "%s.sum(dim=-1, keepdim=True)" % e
        return e

    def base(self):
        r = self.r
        c = r.random()
        if c < 0.85 or not self.stages:
            return r.choice(self.stages)
        n = r.randint(1, 4)
        vals = ", ".join("%.3g" % r.uniform(-3, 3) for _ in range(n))
        return "torch.tensor([%s])" % vals

    def expr(self, depth=0):
        r = self.r
        e = self.base()
        for _ in range(r.randint(1, 4)):
            shp = self.shape(e)
            if shp is None:
                break
            c = r.random()
            if c < 0.22:
                e = self.index(e, shp)
            elif c < 0.40:
                e = self.view_op(e, shp)
            elif c < 0.55:
                e = self.reduction(e, shp)
                if ".values" not in e and ".indices" not in e and "[" not in e.split(".")[-1] and "max(dim" in e:
                    break
            elif c < 0.70:
                op = r.choice(["+", "-", "*", "/", "/", "*", "**", "//", "%"])
                if r.random() < 0.5:
                    other = r.choice(["2", "0.5", "3.0", "-1.5", "keys.shape[-1]**0.5", "1e-05", "True"])
                    if op == "**":
                        other = r.choice(["2", "0.5", "3", "-1", "-0.5", "1.5", "-2"])
                else:
                    other = self.operand_like(shp)
                if r.random() < 0.15 and op in "+-*/":
                    e = "(%s %s %s)" % (other, op, e)
                else:
                    e = "(%s %s %s)" % (e, op, other)
            elif c < 0.76:
                e = "torch.softmax(%s, dim=%d)" % (e, self.dim(len(shp)))
            elif c < 0.82:
                e = r.choice(["%s.exp()", "%s.abs()", "%s.sqrt()", "torch.exp(%s)", "(-%s)"]) % e
            elif c < 0.88:
                thr = "%.2f" % r.uniform(-1, 1)
                cmp = r.choice([">", "<", ">=", "<=", "==", "!="])
                if r.random() < 0.5:
                    e = "%s.masked_fill(%s %s %s, %s)" % (e, e, cmp, thr, r.choice(["0.", "-torch.inf", "float('-inf')", "1"]))
                else:
                    e2 = "(%s %s %s)" % (e, cmp, thr)
                    c2 = r.random()
                    if c2 < 0.3:
                        e = "(%s & (%s > 0))" % (e2, e)
                    elif c2 < 0.5:
                        e = "(~%s)" % e2
                    elif c2 < 0.7:
                        e = "%s[%s]" % (e, e2)
                    else:
                        e = e2 + r.choice([".sum()", ".float().mean()", "", ".sum(dim=-1)"])
            elif c < 0.93:
                if len(shp) >= 1:
                    e = r.choice(["(%s @ %s.transpose(-2, -1))", "(%s @ %s.T)", "(%s @ %s)",
                                  "torch.matmul(%s, %s[0])", "(%s[..., 0] @ %s[..., 0])"]) % (e, e)
            elif c < 0.96:
                if len(shp) >= 2:
                    e = "torch.%s(%s, diagonal=%d)" % (r.choice(["tril", "triu"]), e, r.randint(-2, 2))
            else:
                d = self.dim(len(shp), extra=1)
                e = "torch.%s((%s, %s), dim=%d)" % (r.choice(["stack", "cat"]), e, e, d)
        c = r.random()
        if c < 0.06:
            e = e + ".shape"
        elif c < 0.09:
            e = e + ".sum().item()"
        elif c < 0.11:
            e = e + ".size(%d)" % r.randint(-1, 1)
        elif c < 0.13:
            e = "%s.dim(), %s.numel()" % (e, e)
        return e


def random_input(rnd, path):
    """A random input of the contract: sizes, batch, heads, weights, mask, dropout."""
    T, d_in, H = rnd.randint(1, 7), rnd.randint(1, 6), rnd.choice([1, 1, 2, 3])
    shape = ([rnd.randint(1, 3)] if rnd.random() < 0.5 else []) + [T, d_in]
    cfg = {"seed": rnd.randint(0, 2 ** 32)}
    if rnd.random() < 0.5:
        cfg["inputs"] = {rnd.choice(["rand", "randn"]): shape}
    else:
        n = 1
        for k in shape:
            n *= k
        flat = [round(rnd.uniform(-2, 2), 3) for _ in range(n)]

        def nest(v, dims):
            if len(dims) == 1:
                return v
            step = len(v) // dims[0]
            return [nest(v[i * step:(i + 1) * step], dims[1:]) for i in range(dims[0])]
        cfg["inputs"] = nest(flat, shape)
    if rnd.random() < 0.8:
        cfg["init"] = rnd.choice(["rand", "randn", "linear", "linear"])
        cfg["d_out"] = H * rnd.randint(1, 3)
        cfg["heads"] = H
        if cfg["init"] == "linear":
            cfg["qkv_bias"] = rnd.random() < 0.5
        cfg["out_proj"] = rnd.random() < 0.3
        cfg["head_layout"] = rnd.choice(["split", "stacked"])
    else:
        cfg["heads"] = 1
    cfg["causal"] = rnd.random() < 0.5
    if rnd.random() < 0.3:
        cfg["dropout"] = rnd.choice([0.1, 0.5])
    with open(path, "w") as fh:
        json.dump(cfg, fh)
        fh.write("\n")
    return cfg


def main():
    seed, count, inp, name = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
    if inp == "random":
        inp = os.path.join("tests", "py", name + ".json")
        random_input(random.Random(seed * 7919), inp)
    with open(inp) as fh:
        cfg = json.load(fh)
    ns = sessions.namespace(cfg)
    rnd = random.Random(seed)
    g = Gen(rnd, ns)
    lines = []
    errors = 0
    tries = 0
    while len(lines) < count and tries < count * 50:
        tries += 1
        try:
            e = g.expr()
        except ValueError:	# a random choice over an empty dim
            continue
        if len(e) > 400:
            continue
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                v = eval(e, dict(ns))
            if isinstance(v, torch.Tensor) and v.numel() > 2000:
                continue
        except Exception as ex:
            msg = str(ex).split("\n")[0]
            if any(re.search(p, msg) for p in UNMATCHED) or errors > count // 6:
                continue
            errors += 1
        lines.append(e)
    path = os.path.join("tests", "py", name + ".in")
    with open(path, "w") as fh:
        fh.write("# input: %s\n# random expressions: tests/gen/random_exprs.py %d %d %s %s\n"
                 % (inp, seed, count, inp, name))
        fh.write("\n".join(lines) + "\n")
    sessions.run_session(path)


if __name__ == "__main__":
    main()
