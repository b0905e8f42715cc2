$BIN --trace data/your-journey.json
