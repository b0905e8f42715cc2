$BIN --print attn_weights data/book-causal-dropout.json
