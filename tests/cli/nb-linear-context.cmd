$BIN --print context_vecs data/book-linear-789.json
