$BIN tests/errors
