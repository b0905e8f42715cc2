$BIN --why 'attn_weights[1, 0]' --print keys data/your-journey.json
