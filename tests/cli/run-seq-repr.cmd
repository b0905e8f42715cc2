$BIN --run tests/cli/run-seq-repr.py
