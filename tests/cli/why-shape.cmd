$BIN --why keys.shape data/your-journey.json
