# .T: rows are keys, so the masked cells are those below the diagonal
export LC_ALL=C.UTF-8	# the Unicode shades (LC_ALL=C draws ASCII: heatmap-c-locale)
unset COLUMNS
$BIN --heatmap attn_weights.T data/book-causal-dropout.json
