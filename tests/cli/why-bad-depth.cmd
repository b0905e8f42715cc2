$BIN --depth 0 --why 'attn_weights[1, 0]' data/your-journey.json
