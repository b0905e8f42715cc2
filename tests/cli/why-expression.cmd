$BIN --why 'attn_weights[1, 0].sum()' data/your-journey.json
