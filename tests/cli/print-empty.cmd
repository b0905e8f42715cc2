$BIN --print "" data/your-journey.json
