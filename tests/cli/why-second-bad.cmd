$BIN --why 'attn_weights[1, 0]' --why 'keys[9, 0]' data/your-journey.json
