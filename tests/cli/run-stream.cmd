timeout 20 "$BIN" --run tests/cli/run-stream.py | head -c 13; echo
