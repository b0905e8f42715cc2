$BIN --why '' data/your-journey.json
