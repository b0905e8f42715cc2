$BIN --emit pyton data/your-journey.json
