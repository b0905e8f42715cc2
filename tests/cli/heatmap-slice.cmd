# labels and masks follow the cells' positions in the stage (issue 14)
export LC_ALL=C.UTF-8	# the Unicode shades (LC_ALL=C draws ASCII: heatmap-c-locale)
unset COLUMNS
$BIN --heatmap 'attn_weights[3:6, 0:3]' --numbers data/book-causal-dropout.json
$BIN --heatmap 'attn_weights[1:3, 1:4]' --numbers data/book-causal-dropout.json
