$BIN tests/model/fuzz-00/run-0.json -v --why 'attn_weights[0, 0, 5, 2]' --why 'attn_scores[0, 0, 5, 6]'
