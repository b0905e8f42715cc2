$BIN -i --emit ipynb data/your-journey.json
