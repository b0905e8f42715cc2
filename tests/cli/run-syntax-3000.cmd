$BIN --run tests/cli/run-syntax-3000.py
