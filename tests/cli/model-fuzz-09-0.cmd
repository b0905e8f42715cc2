$BIN tests/model/fuzz-09/run-0.json --heatmap
