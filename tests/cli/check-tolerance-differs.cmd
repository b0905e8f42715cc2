$BIN --check tests/check/exact/tolerance-differs.txt --tolerance 0.001 data/your-journey.json
