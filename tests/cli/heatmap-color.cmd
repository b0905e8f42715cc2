# 256-colour cells: grey 232 + 23 * level, dark text on light cells
export LC_ALL=C.UTF-8	# the Unicode shades (LC_ALL=C draws ASCII: heatmap-c-locale)
unset COLUMNS
$BIN --color always --heatmap attn_weights --numbers tests/cli/heatmap-causal3.json
$BIN --color always --heatmap attn_weights tests/cli/heatmap-nan.json
