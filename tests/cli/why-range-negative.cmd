$BIN --why 'attn_weights[-7, 0]' data/your-journey.json
