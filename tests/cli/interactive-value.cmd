$BIN --interactive=yes data/your-journey.json
