# a range of 6e38 overflows float32; every value, one value, one cell
export LC_ALL=C.UTF-8	# the Unicode shades (LC_ALL=C draws ASCII: heatmap-c-locale)
unset COLUMNS
$BIN --heatmap inputs --numbers tests/cli/heatmap-huge.json
$BIN --heatmap inputs tests/cli/heatmap-huge.json
$BIN --heatmap 'inputs[:, 2:3]' tests/cli/heatmap-huge.json
$BIN --heatmap 'inputs[0:1, 0:1]' tests/cli/heatmap-huge.json
$BIN --heatmap 'inputs[1:2, 1:2]' --numbers tests/cli/heatmap-huge.json
