$BIN --run tests/cli/run-global.py
