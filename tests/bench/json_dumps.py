#!/usr/bin/python3
"""json_dumps.py - make bench's yardstick for --json: the seconds Python's
json.dumps takes over the same stages' .tolist() (every stage of INPUT, from
tests/gen/reference.py's PyTorch), the median of RUNS; the stages are computed
once, outside the timing.  Usage: json_dumps.py INPUT.json [RUNS]"""
import json, os, sys, time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "gen"))
import reference  # noqa: E402

cfg = json.load(open(sys.argv[1]))
S, names, _ = reference.run(cfg)
lists = [{"name": n, "shape": list(S[n].shape), "data": S[n].detach().reshape(-1).tolist()} for n in names]
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
times = []
for _ in range(runs):
    t = time.perf_counter()
    json.dumps({"stages": lists})
    times.append(time.perf_counter() - t)
times.sort()
print("%.6f" % times[len(times) // 2])
