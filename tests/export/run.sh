#!/bin/sh
# run.sh - .npz and safetensors files (src/pipeline/export.c) read back by
# NumPy and PyTorch (check.py) when /usr/bin/python3 has both; the
# byte-level C checks in tests/lessons run everywhere.
LESSONS=${LESSONS:-tests/lessons}
PY=${TORCH_PYTHON:-/usr/bin/python3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! "$PY" -c 'import numpy, torch' 2>/dev/null; then
	echo "skip $PY has no numpy and torch: .npz and safetensors checked byte by byte only"
	exit 0
fi
if "$LESSONS" --export-samples "$tmp" 2> "$tmp/err"; then echo "ok export samples written"; else echo "FAIL export samples: $(cat "$tmp/err")"; exit 0; fi
"$PY" tests/export/check.py "$tmp" 2>&1 | sed '/^ok \|^FAIL \|^skip /!s/^/FAIL /'
