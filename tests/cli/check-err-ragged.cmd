$BIN --check tests/check/errors/ragged.txt data/your-journey.json
