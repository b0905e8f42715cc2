# issue 24 item 28: a newline of the expression is escaped in the title
export LC_ALL=C.UTF-8	# the Unicode shades (LC_ALL=C draws ASCII: heatmap-c-locale)
$BIN --heatmap "$(printf 'attn_weights[:2,\n:2]')" data/your-journey.json
