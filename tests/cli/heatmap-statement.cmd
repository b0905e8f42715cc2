# a statement where one expression is expected: the message named --print under --heatmap, and
# --print twice under --print
$BIN --heatmap 'x = 1' data/your-journey.json
$BIN --print 'x = 1' data/your-journey.json
