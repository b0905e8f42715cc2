$BIN tests/model/fuzz-05/run-1.json --heatmap
