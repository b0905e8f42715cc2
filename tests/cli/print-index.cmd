$BIN --print "attn_weights[6]" data/your-journey.json
