$BIN --check tests/check/book/nan.txt data/your-journey.json
