$BIN --print "attn_weights.sum(dim=2)" data/your-journey.json
