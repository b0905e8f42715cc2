$BIN --print masked_scores data/book-causal-dropout.json
