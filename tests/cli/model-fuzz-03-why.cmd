$BIN tests/model/fuzz-03/run-0.json -v --why 'attn_weights[0, 0, 2, 2]' --why 'attn_scores[0, 0, 2, 10]'
