$BIN --run tests/cli/run-yield.py
