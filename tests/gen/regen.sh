#!/bin/bash
# Regenerates every tests/golden/*.out from its input and .print list with
# the PyTorch reference (tests/gen/reference.py). Needs Debian's
# python3-torch (PyTorch 1.13, built without MKL); not needed to run tests.
#
#   tests/gen/regen.sh [--check] [NAME ...]
#
# NAME is a golden's base name (e.g. data-your-journey, rng-randn-17-linear-T1);
# default: all. tests/golden/data-NAME.* belong to data/NAME.json, every other
# tests/golden/NAME.* to tests/golden/NAME.json.
# --check also runs the fragility check on each and exits 1 if anything is
# fragile (data-mingpt, data-karpathy-1337 and big-heads8-T256 are known to be;
# see README.md).
set -euo pipefail
# PyTorch's matrix products follow whichever libblas.so.3 the system
# alternative points to.  The goldens come from Debian's reference BLAS
# (libblas3), whose sequential sums attn-explain reproduces bit for bit;
# OpenBLAS (libopenblas0) would change last bits.  Force the reference one.
if [ -d /usr/lib/x86_64-linux-gnu/blas ]; then
  export LD_LIBRARY_PATH=/usr/lib/x86_64-linux-gnu/blas${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
fi
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
py=${PYTHON:-/usr/bin/python3}
check=0
names=()
for a in "$@"; do
  case $a in
    --check) check=1 ;;
    *) names+=("${a%.print}") ;;
  esac
done
if [ ${#names[@]} -eq 0 ]; then
  for f in "$root"/tests/golden/*.print; do
    b=$(basename "$f"); names+=("${b%.print}")
  done
fi
bad=0
for n in "${names[@]}"; do
  case $n in
    data-*) input="$root/data/${n#data-}.json" ;;
    *) input="$root/tests/golden/$n.json" ;;
  esac
  mapfile -t exprs < "$root/tests/golden/$n.print"
  "$py" "$here/reference.py" "$input" "${exprs[@]}" > "$root/tests/golden/$n.out.tmp"
  mv "$root/tests/golden/$n.out.tmp" "$root/tests/golden/$n.out"
  if [ $check = 1 ]; then
    if out=$("$py" "$here/reference.py" --check-fragile "$input" "${exprs[@]}"); then
      echo "$n: ok"
    else
      echo "$n: $(printf '%s\n' "$out" | grep -c FRAGILE) fragile"
      bad=1
    fi
  fi
done
exit $bad
