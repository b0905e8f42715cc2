echo next | $BIN -i data/your-journey.json > /dev/full
