$BIN --print attn_weights data/your-journey.json >&-
