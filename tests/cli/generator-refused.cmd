$BIN --run tests/cli/generator-refused.py
