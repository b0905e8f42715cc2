$BIN --check tests/check/exact/head-size-scale.txt data/karpathy-1337.json
