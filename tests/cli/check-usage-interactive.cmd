$BIN --check tests/check/errors/ok-small.txt -i data/your-journey.json
