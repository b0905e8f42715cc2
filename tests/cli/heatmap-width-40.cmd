# 30 columns do not fit 40: the first ones, and the slice for the next
export LC_ALL=C.UTF-8	# the Unicode shades (LC_ALL=C draws ASCII: heatmap-c-locale)
COLUMNS=40 $BIN --heatmap 'mask[10:14]' tests/cli/heatmap-wide.json
COLUMNS=40 $BIN --heatmap 'mask[10:14]' --numbers tests/cli/heatmap-wide.json
