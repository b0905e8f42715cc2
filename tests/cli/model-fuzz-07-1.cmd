$BIN tests/model/fuzz-07/run-1.json --heatmap
