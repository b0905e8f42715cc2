$BIN --print queries_heads data/your-journey.json
