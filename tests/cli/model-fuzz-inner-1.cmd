$BIN tests/model/fuzz-inner/run-1.json --heatmap
