$BIN tests/model/fuzz-02/run-1.json --heatmap
