"""run_scripts.py - run each emitted script named on standard input, in one
Python (torch is imported once); write what it prints to SCRIPT.got."""
import io
import sys

import torch  # noqa: F401  (the scripts import it again: already loaded)

for path in sys.stdin.read().split():
    out = io.StringIO()
    old = sys.stdout
    sys.stdout = out
    try:
        with open(path) as f:
            exec(compile(f.read(), path, "exec"), {"__name__": "__main__"})
    except Exception as e:  # the comparison shows it
        print("%s: %s" % (type(e).__name__, e))
    finally:
        sys.stdout = old
    with open(path + ".got", "w") as f:
        f.write(out.getvalue())
