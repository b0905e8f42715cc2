$BIN --check tests/check/exact/tolerance-ok.txt --tolerance 0.01 data/your-journey.json
