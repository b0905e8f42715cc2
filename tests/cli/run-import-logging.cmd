$BIN --run tests/cli/run-import-logging.py
