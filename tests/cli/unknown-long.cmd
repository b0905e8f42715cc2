$BIN --frobnicate data/your-journey.json
