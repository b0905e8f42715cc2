# a non-causal run: nan is drawn as nan, never as masked; inf and -inf
# take the ends of the scale, which comes from the finite cells only
export LC_ALL=C.UTF-8	# the Unicode shades (LC_ALL=C draws ASCII: heatmap-c-locale)
unset COLUMNS
$BIN --heatmap inputs --numbers tests/cli/heatmap-nan.json
$BIN --heatmap inputs tests/cli/heatmap-nan.json
$BIN --heatmap attn_scores tests/cli/heatmap-nan.json
$BIN --heatmap attn_weights tests/cli/heatmap-nan.json
$BIN --heatmap attn_weights tests/cli/heatmap-overflow.json
$BIN --heatmap attn_scores tests/cli/heatmap-overflow.json
$BIN --heatmap attn_scores --numbers tests/cli/heatmap-overflow.json
