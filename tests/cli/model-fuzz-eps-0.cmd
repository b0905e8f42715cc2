$BIN tests/model/fuzz-eps/run-0.json --heatmap
