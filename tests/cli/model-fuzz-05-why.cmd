$BIN tests/model/fuzz-05/run-0.json -v --why 'attn_weights[0, 2, 11, 2]' --why 'attn_scores[0, 2, 11, 6]'
