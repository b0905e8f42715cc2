$BIN --model tests/model/tiny-f32 --tokens 5,17,2 --why 'attn_weights[0, 2, 0, 0]'
