# computed values are no stage's cells: positions, and nothing masked
export LC_ALL=C.UTF-8	# the Unicode shades (LC_ALL=C draws ASCII: heatmap-c-locale)
unset COLUMNS
$BIN --heatmap 'attn_weights.sum(dim=-1, keepdim=True)' --numbers data/book-causal-dropout.json
$BIN --heatmap 'attn_weights.sum(dim=0, keepdim=True)' data/book-causal-dropout.json
COLUMNS=40 $BIN --heatmap 'mask.sum(dim=0, keepdim=True)' tests/cli/heatmap-wide.json
COLUMNS=40 $BIN --heatmap 'mask.sum(dim=0, keepdim=True)[:, 13:26]' tests/cli/heatmap-wide.json | head -n 1
