$BIN --check tests/check/exact/unmatched.txt data/your-journey.json
