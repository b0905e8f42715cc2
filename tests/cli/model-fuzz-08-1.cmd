$BIN tests/model/fuzz-08/run-1.json --heatmap
