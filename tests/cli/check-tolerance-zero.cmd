$BIN --check tests/check/exact/tolerance-differs.txt --tolerance 0 data/your-journey.json
