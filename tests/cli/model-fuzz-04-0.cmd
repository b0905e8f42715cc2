$BIN tests/model/fuzz-04/run-0.json --heatmap
