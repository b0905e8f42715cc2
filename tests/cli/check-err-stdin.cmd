$BIN --check - data/your-journey.json < tests/check/errors/unbalanced.txt
