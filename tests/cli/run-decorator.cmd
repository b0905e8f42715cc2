$BIN --run tests/cli/run-decorator.py
