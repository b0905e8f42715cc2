# minGPT's 100 x 100 map on 80 columns: the first row and the lines under
# the map (the other rows hold random weights); then the slice it names
export LC_ALL=C.UTF-8	# the Unicode shades (LC_ALL=C draws ASCII: heatmap-c-locale)
unset COLUMNS
$BIN --heatmap 'attn_weights[0, 0]' data/mingpt.json | sed -n '1,3p;103,$p'
$BIN --heatmap 'attn_weights[0, 0, :, 26:52]' data/mingpt.json | sed -n '1,3p;/^shown/p'
