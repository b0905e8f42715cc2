$BIN --print 'attn_weights[1]' --print 'attn_weights[1].sum()' data/your-journey.json
