$BIN tests/model/fuzz-08/run-0.json --heatmap
