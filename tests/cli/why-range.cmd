$BIN --why 'output[-1, 4]' data/multihead-split.json
