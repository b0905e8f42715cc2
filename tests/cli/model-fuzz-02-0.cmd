$BIN tests/model/fuzz-02/run-0.json --heatmap
