$BIN --depth 2 data/your-journey.json
