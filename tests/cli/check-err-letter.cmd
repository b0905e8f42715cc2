$BIN --check tests/check/errors/letter.txt data/your-journey.json
