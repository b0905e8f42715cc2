# --json --print: the printed values as JSON (a 2x2 input worked out by hand: scores [[1, 0], [0, 1]], keys (2, 2))
printf '{"inputs": [[1, 0], [0, 1]]}' | $BIN --json --print 'attn_scores' --print keys.shape --print 'keys.shape[0]' -
