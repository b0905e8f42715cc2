$BIN tests/model/fuzz-04/run-1.json --heatmap
