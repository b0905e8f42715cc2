$BIN --check tests/check/book/integer-looking.txt data/your-journey.json
