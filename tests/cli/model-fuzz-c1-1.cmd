$BIN tests/model/fuzz-c1/run-1.json --heatmap
