$BIN tests/model/fuzz-inner/run-0.json --heatmap
