# a write error is one line and status 1
$BIN --emit python data/your-journey.json > /dev/full
