$BIN --run tests/cli/run-seq-deep.py
