# .T: rows are keys, so the masked cells are those below the diagonal
unset COLUMNS
$BIN --heatmap attn_weights.T data/book-causal-dropout.json
