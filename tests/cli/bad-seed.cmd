$BIN --seed 18446744073709551616 data/your-journey.json
