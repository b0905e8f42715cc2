"""scriptgen.py - what the random-script generators share: COUNT scripts
from a seeded generator, written as tests/run/PREFIX-NNN.py.

    write_all("norm-rand", script, default_count, default_seed)
reads [COUNT [SEED]] from the command line; script(r) returns one script's text.
"""
import os
import random
import sys

RUN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "run")


def write_all(prefix, script, count, seed):
    count = int(sys.argv[1]) if len(sys.argv) > 1 else count
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else seed
    r = random.Random(seed)
    for i in range(count):
        with open(os.path.join(RUN, "%s-%03d.py" % (prefix, i)), "w") as f:
            f.write(script(r))
