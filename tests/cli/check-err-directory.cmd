$BIN --check tests/check/errors data/your-journey.json
