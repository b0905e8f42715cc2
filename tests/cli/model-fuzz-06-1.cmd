$BIN tests/model/fuzz-06/run-1.json --heatmap
