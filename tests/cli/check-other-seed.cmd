$BIN --check tests/check/exact/other-seed.txt data/book-causal-dropout.json
