$BIN tests/model/fuzz-03/run-0.json --heatmap
