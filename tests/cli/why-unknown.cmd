$BIN --why 'atn_weights[1, 0]' data/your-journey.json
