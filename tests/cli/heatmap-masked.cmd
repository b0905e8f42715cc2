# a causal run: only the stages the mask changed draw masked cells
export LC_ALL=C.UTF-8	# the Unicode shades (LC_ALL=C draws ASCII: heatmap-c-locale)
unset COLUMNS
for s in attn_scores mask masked_scores scaled_scores attn_weights unmasked_weights \
    mask_simple masked_simple masked_simple_norm; do
	$BIN --heatmap $s tests/cli/heatmap-causal3.json
done
