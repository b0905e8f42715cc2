printf '\357\273\277{"inputs": [[2]]}' | $BIN --print attn_scores --print attn_weights --print context_vecs -
