$BIN --check tests/check/errors/empty.txt data/your-journey.json
