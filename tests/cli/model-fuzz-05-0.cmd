$BIN tests/model/fuzz-05/run-0.json --heatmap
