$BIN --depth all --why 'output[0, 0, 0]' data/mingpt.json
