# dropout zeros are values, not masked cells; dropout_mask is never masked
unset COLUMNS
$BIN --heatmap dropout_mask data/book-causal-dropout.json
$BIN --heatmap dropped_weights data/book-causal-dropout.json
