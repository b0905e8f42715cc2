$BIN --check tests/check/book/emitted.ipynb data/your-journey.json
