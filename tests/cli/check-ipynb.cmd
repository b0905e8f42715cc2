$BIN --check tests/check/book/section-3.3.ipynb data/your-journey.json
