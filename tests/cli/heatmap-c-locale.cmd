# the same tokens in the C locale: each character it cannot display is one
# '?' (a whole UTF-8 sequence, never a piece of one), so rows still align
unset COLUMNS
LC_ALL=C $BIN --heatmap attn_scores tests/cli/heatmap-tokens.json
LC_ALL=C COLUMNS=30 $BIN --heatmap 'attn_scores[0:2, 2:5]' tests/cli/heatmap-tokens.json
