$BIN --check tests/check/exact/json-right.json data/your-journey.json
