$BIN --tolerance 0.01 data/your-journey.json
