$BIN -z data/your-journey.json
