$BIN --print "attn_weights[1" data/your-journey.json
