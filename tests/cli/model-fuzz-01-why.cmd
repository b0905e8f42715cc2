$BIN tests/model/fuzz-01/run-0.json -v --why 'attn_weights[0, 3, 1, 1]' --why 'attn_scores[0, 3, 1, 4]'
