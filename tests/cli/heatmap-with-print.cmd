$BIN --print attn_weights --heatmap attn_weights data/your-journey.json
