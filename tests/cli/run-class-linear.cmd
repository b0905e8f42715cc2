$BIN --run tests/cli/run-class-linear.py
