$BIN tests/model/fuzz-07/run-0.json -v --why 'attn_weights[0, 1, 2, 0]' --why 'attn_scores[0, 1, 2, 1]'
