$BIN tests/model/fuzz-eps/run-0.json -v --why 'attn_weights[0, 0, 5, 0]' --why 'attn_scores[0, 0, 5, 5]'
