# dropout zeros are values, not masked cells; dropout_mask is never masked
export LC_ALL=C.UTF-8	# the Unicode shades (LC_ALL=C draws ASCII: heatmap-c-locale)
unset COLUMNS
$BIN --heatmap dropout_mask data/book-causal-dropout.json
$BIN --heatmap dropped_weights data/book-causal-dropout.json
