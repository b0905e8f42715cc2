$BIN --check tests/check/errors/string.json data/your-journey.json
