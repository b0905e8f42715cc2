$BIN --precision x data/your-journey.json
