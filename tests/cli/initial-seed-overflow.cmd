$BIN --run tests/cli/initial-seed-overflow.py
