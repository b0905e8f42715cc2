$BIN --print merged --print merged.shape data/book-wrapper-123.json | sed 's/, grad_fn=<[A-Za-z0-9]*>//; s/^context_vecs.shape: //'
