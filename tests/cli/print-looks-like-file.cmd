# issue 24 item 15: -p FILE took the file as the expression; say so
$BIN -p data/your-journey.json
