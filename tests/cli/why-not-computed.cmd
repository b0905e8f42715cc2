$BIN --why 'mask[0, 1]' data/your-journey.json
