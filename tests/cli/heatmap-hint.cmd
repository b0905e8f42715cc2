# not 2-d: the message names an expression that is, and that one draws
unset COLUMNS
for e in 'attn_weights[0]' attn_weights 'attn_weights.sum(dim=1)' context_vecs \
    'attn_weights[0, 0]' 'attn_weights.sum(dim=1)[0]' 'context_vecs[0, 0]'; do
	$BIN --heatmap "$e" data/batched-multihead.json > /dev/null
	echo "status $?" >&2
done
for e in 'attn_weights[1]' 'attn_weights[:, 2]' 'attn_weights[1, 2]' 'attn_weights.sum(dim=-1)' \
    'attn_weights[3:3]' attn_weights.shape 'attn_weights[1:2]' 'attn_weights[:, 2:3]' \
    'attn_weights[1:2, 2:3]'; do
	$BIN --heatmap "$e" data/book-causal-dropout.json > /dev/null
	echo "status $?" >&2
done
