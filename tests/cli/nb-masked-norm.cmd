$BIN --print masked_simple_norm data/book-causal-dropout.json
