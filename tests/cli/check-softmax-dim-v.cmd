$BIN --check tests/check/exact/softmax-dim-v.txt -v data/your-journey.json
