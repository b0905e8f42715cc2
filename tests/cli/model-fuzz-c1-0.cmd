$BIN tests/model/fuzz-c1/run-0.json --heatmap
