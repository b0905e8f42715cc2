$BIN --check tests/check/errors/ok-small.txt --print attn_weights data/your-journey.json
