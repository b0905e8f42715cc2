$BIN tests/model/fuzz-eps/run-1.json --heatmap
