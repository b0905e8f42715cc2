$BIN --check tests/check/errors/no-such-file.txt data/your-journey.json
