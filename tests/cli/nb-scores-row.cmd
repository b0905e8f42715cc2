$BIN --print 'attn_scores[1]' data/your-journey.json
