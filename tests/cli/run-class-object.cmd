$BIN --run tests/cli/run-class-object.py
