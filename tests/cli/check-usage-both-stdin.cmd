$BIN --check - - < data/your-journey.json
