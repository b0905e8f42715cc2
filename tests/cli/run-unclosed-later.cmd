$BIN --run tests/cli/run-unclosed-later.py
