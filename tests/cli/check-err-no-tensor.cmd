$BIN --check tests/check/errors/no-tensor.txt data/your-journey.json
