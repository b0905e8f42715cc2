$BIN --run tests/cli/run-unsupported.py
