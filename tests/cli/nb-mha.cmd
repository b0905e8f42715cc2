$BIN --print output --print output.shape data/book-mha-123.json | sed 's/^context_vecs.shape: //'
