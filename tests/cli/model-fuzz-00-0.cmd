$BIN tests/model/fuzz-00/run-0.json --heatmap
