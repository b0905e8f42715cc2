#!/usr/bin/python3
"""linear_layout.py - F.linear with every weight and input layout, for tests/run.

Writes tests/run/linear-layout-NNN.py (NNN from 000).  addmm(bias, x, w.t())
hands the reference BLAS's gemm its first matrix transposed or not, as ATen's
addmm_impl_cpu_ decides from the strides (a row-major weight: each output a
sum from +0, the bias added last; a transposed or sliced weight, or one
output column with a column-major x: the bias first, then each product):
each script draws random sizes (1, 2, 3, 5, 8), x contiguous, transposed or
3-d, weights contiguous, transposed (W.T of a (K, N) tensor) or sliced
(every other column), float32 and float64, and prints every result as
.tolist() (the last bit shows) and its shape.  Then
tests/gen/run_cases.py tests/run/linear-layout-*.py writes the goldens
(real PyTorch 1.13, reference BLAS).

    /usr/bin/python3 tests/gen/linear_layout.py [COUNT [SEED]]
"""
import os
import random
import sys

RUN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "run")
SIZES = [1, 2, 3, 5, 8]


def call(rng, dt):
    m, k, n = (rng.choice(SIZES) for _ in range(3))
    x = rng.choice([f"torch.randn({m}, {k}{dt})", f"torch.randn({k}, {m}{dt}).T",
                    f"torch.randn(2, {m}, {k}{dt})"])
    w = rng.choice([f"torch.randn({n}, {k}{dt})", f"torch.randn({k}, {n}{dt}).T",
                    f"torch.randn({n}, {2 * k}{dt})[:, ::2]"])
    b = f"torch.randn({n}{dt})"
    return f"y = F.linear({x}, {w}, {b})\nprint(y.tolist(), y.shape)\n"


def script(rng, seed):
    lines = ["import torch\n", "import torch.nn.functional as F\n", f"torch.manual_seed({seed})\n"]
    for _ in range(12):
        lines.append(call(rng, rng.choice(["", ", dtype=torch.float64"])))
    return "".join(lines)


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 8
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 23
    rng = random.Random(seed)
    for i in range(count):
        with open(os.path.join(RUN, f"linear-layout-{i:03d}.py"), "w") as f:
            f.write(script(rng, rng.randrange(1000)))


if __name__ == "__main__":
    main()
