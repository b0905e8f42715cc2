$BIN --check tests/check/exact/wrong-seed.txt data/book-linear-789.json
