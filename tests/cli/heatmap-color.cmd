# 256-colour cells: grey 232 + 23 * level, dark text on light cells
unset COLUMNS
$BIN --color always --heatmap attn_weights --numbers tests/cli/heatmap-causal3.json
$BIN --color always --heatmap attn_weights tests/cli/heatmap-nan.json
