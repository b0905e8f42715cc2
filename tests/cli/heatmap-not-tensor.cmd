# a heat map of something that is no tensor names its type: 'abc', None and a list were each "a number"
$BIN --heatmap "'abc'" data/your-journey.json
$BIN --heatmap None data/your-journey.json
$BIN --heatmap '[[1, 2]]' data/your-journey.json
$BIN --heatmap 1.5 data/your-journey.json
