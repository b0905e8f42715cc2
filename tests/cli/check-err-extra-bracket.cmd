$BIN --check tests/check/errors/extra-bracket.txt data/your-journey.json
