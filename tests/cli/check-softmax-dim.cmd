$BIN --check tests/check/exact/softmax-dim.txt data/your-journey.json
