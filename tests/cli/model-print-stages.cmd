$BIN --model tests/model/tiny-f32 --tokens 5,17,2,99,3 --layer 1 --print attn_weights --print 'attn_weights[0, 1].sum(-1)' --print token_ids --print 'ln_1.shape'
