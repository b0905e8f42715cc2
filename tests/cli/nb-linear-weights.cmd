$BIN --print attn_weights data/book-linear-789.json
