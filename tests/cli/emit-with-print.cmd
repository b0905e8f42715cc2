$BIN --emit python --print attn_weights data/your-journey.json
