$BIN tests/model/fuzz-09/run-1.json --heatmap
