$BIN --print mask_simple data/book-causal-dropout.json
