$BIN tests/model/fuzz-06/run-0.json --heatmap
