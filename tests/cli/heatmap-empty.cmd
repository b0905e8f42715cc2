# issue 24 item 28: an empty --heatmap expression is an error, as --print '' is
$BIN --heatmap '' data/your-journey.json
