$BIN --model tests/model/tiny-f32 --tokens 5,17,2 --why 'tok_emb[0, 1]'
