# COLUMNS=80, and the same without COLUMNS on a pipe (80)
export LC_ALL=C.UTF-8	# the Unicode shades (LC_ALL=C draws ASCII: heatmap-c-locale)
COLUMNS=80 $BIN --heatmap 'mask[10:14]' tests/cli/heatmap-wide.json
unset COLUMNS
$BIN --heatmap 'mask[10:14]' tests/cli/heatmap-wide.json
COLUMNS=junk $BIN --heatmap 'mask[10:14]' tests/cli/heatmap-wide.json
