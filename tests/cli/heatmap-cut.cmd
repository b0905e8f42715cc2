# labels cut to 12 columns on character boundaries: a ZWJ sequence (no
# joiner left dangling before the ellipsis), a CJK character that does not
# fit whole; combining marks take no column; a tab is shown as Python escapes it, \t (issue 24 item 16)
unset COLUMNS
LC_ALL=C.UTF-8 $BIN --heatmap attn_scores tests/cli/heatmap-cut.json
