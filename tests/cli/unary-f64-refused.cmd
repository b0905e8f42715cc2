$BIN --run tests/cli/unary-f64-refused.py
