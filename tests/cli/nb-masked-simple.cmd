$BIN --print masked_simple data/book-causal-dropout.json
