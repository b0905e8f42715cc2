$BIN --print attn_scores --print mask data/your-journey.json
