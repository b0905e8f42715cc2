$BIN --check tests/check/errors/blank.txt data/your-journey.json
