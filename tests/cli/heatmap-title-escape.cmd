# issue 24 item 28: a newline of the expression is escaped in the title
$BIN --heatmap "$(printf 'attn_weights[:2,\n:2]')" data/your-journey.json
