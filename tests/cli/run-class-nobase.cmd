$BIN --run tests/cli/run-class-nobase.py
