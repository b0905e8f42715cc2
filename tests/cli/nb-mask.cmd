$BIN --print mask data/book-causal-dropout.json
