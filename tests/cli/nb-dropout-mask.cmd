$BIN --print dropout_mask data/book-causal-dropout.json
