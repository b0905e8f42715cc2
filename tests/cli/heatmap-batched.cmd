# (B, H, T, T): the last two axes are queries and keys, the others say
# which batch and head; a transpose can put the heads on the rows
export LC_ALL=C.UTF-8	# the Unicode shades (LC_ALL=C draws ASCII: heatmap-c-locale)
unset COLUMNS
$BIN --heatmap 'attn_weights[1, 1]' --numbers data/batched-multihead.json
$BIN --heatmap 'attn_weights.transpose(1, 2)[0, 0]' data/batched-multihead.json
$BIN --heatmap 'masked_scores[0, 1].T' data/batched-multihead.json
$BIN --heatmap mask data/batched-multihead.json
