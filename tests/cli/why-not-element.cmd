$BIN --why 'attn_weights[1]' data/your-journey.json
