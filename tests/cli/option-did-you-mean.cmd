# issue 24 item 15: a misspelt long option names the closest one
$BIN --prnt attn_weights data/your-journey.json
