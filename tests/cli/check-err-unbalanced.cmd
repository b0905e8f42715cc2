$BIN --check tests/check/errors/unbalanced.txt data/your-journey.json
