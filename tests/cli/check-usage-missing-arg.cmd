$BIN data/your-journey.json --check
