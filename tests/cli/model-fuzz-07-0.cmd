$BIN tests/model/fuzz-07/run-0.json --heatmap
