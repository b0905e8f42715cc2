$BIN tests/model/fuzz-00/run-1.json --heatmap
