$BIN data/your-journey.json data/batch.json
