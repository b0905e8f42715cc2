$BIN --print attn_scores data/your-journey.json
