$BIN tests/model/fuzz-01/run-1.json --heatmap
