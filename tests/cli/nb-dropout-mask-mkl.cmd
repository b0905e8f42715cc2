$BIN --dropout-rng mkl --print dropout_mask data/book-causal-dropout.json
