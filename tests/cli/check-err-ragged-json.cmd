$BIN --check tests/check/errors/ragged.json data/your-journey.json
