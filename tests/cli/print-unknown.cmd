$BIN --print atn_weights data/your-journey.json
