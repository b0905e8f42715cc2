$BIN data/your-journey.json --print
