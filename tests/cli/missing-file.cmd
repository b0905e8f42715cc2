$BIN tests/errors/no-such-file.json
