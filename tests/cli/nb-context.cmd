$BIN --print context_vecs data/your-journey.json
