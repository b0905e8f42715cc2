$BIN --why 'attn_weights[1, 0, 0]' data/your-journey.json
