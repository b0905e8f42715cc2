# 200 columns: 30 shaded cells fit, 30 cells with numbers do not
export LC_ALL=C.UTF-8	# the Unicode shades (LC_ALL=C draws ASCII: heatmap-c-locale)
COLUMNS=200 $BIN --heatmap 'mask[10:13]' tests/cli/heatmap-wide.json
COLUMNS=200 $BIN --heatmap 'mask[10:13]' --numbers tests/cli/heatmap-wide.json
