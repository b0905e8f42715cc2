$BIN tests/model/fuzz-01/run-0.json --heatmap
