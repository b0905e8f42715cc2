"$BIN" --run tests/cli/run-order.py 2>&1
