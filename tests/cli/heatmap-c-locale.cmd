# the same tokens in the C locale: each character it cannot display is
# written as Python escapes it (\xe8, \u732b, never a piece of one), cut only
# between escapes, and the shades and marks are ASCII (issue 24 item 16)
unset COLUMNS
LC_ALL=C $BIN --heatmap attn_scores tests/cli/heatmap-tokens.json
LC_ALL=C COLUMNS=30 $BIN --heatmap 'attn_scores[0:2, 2:5]' tests/cli/heatmap-tokens.json
