$BIN --run tests/cli/run-deep.py
