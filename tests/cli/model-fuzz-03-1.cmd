$BIN tests/model/fuzz-03/run-1.json --heatmap
