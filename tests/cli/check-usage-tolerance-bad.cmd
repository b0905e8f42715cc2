$BIN --check tests/check/errors/ok-small.txt --tolerance x1 data/your-journey.json
