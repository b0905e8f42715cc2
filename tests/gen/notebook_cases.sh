#!/bin/sh
# notebook_cases.sh - write tests/cli/nb-*.{cmd,out,err}: commands whose
# expected stdout is text cut verbatim from the seed notebooks in
# ../shared/seeds (the book's chapter 3, Karpathy's lecture), so that the
# committed tests need nothing outside the repository.
set -eu
S=${SEEDS:-../shared/seeds}
nb() {	# name notebook first last command [sed-filter]
	name=$1 file=$(ls "$S"/$2_*.txt) first=$3 last=$4 cmd=$5 filter=${6:-}
	if [ -n "$filter" ]; then
		sed -n "${first},${last}p" "$file" | sed "$filter" > "tests/cli/nb-$name.out"
		printf '%s | sed %s\n' "$cmd" "'$filter'" > "tests/cli/nb-$name.cmd"
	else
		sed -n "${first},${last}p" "$file" > "tests/cli/nb-$name.out"
		printf '%s\n' "$cmd" > "tests/cli/nb-$name.cmd"
	fi
	echo "status 0" > "tests/cli/nb-$name.err"
}
J=data/your-journey.json
L=data/book-linear-789.json
C=data/book-causal-dropout.json
nb scores-row       003  71  71 "\$BIN --print 'attn_scores[1]' $J"
nb weights-row      003 107 108 "\$BIN --print 'attn_weights[1]' --print 'attn_weights[1].sum()' $J"
nb scores           003 159 164 "\$BIN --print attn_scores $J"
nb weights          003 172 177 "\$BIN --print attn_weights $J"
nb context          003 185 190 "\$BIN --print context_vecs $J"
nb randn-query      003 231 231 "printf '{\"inputs\": [[0.43, 0.15, 0.89], [0.55, 0.87, 0.66], [0.57, 0.85, 0.64], [0.22, 0.58, 0.33], [0.77, 0.25, 0.10], [0.05, 0.80, 0.55]], \"seed\": 123, \"init\": \"randn\", \"d_out\": 2}' | \$BIN --print 'queries[1]' -" 's/^Query vector: //'
nb rand-query       004 184 184 "\$BIN --print 'queries[1]' data/book-rand-123.json"
nb linear-context   003 321 326 "\$BIN --print context_vecs $L"
nb linear-weights   003 353 359 "\$BIN --print attn_weights $L"
nb mask-simple      003 382 387 "\$BIN --print mask_simple $C"
nb masked-simple    003 394 400 "\$BIN --print masked_simple $C"
nb masked-norm      003 409 415 "\$BIN --print masked_simple_norm $C"
nb mask             003 427 432 "\$BIN --print mask $C"
nb masked-scores    003 435 441 "\$BIN --print masked_scores $C"
nb causal-weights   003 448 454 "\$BIN --print attn_weights $C"
nb dropout-mask     003 472 477 "\$BIN --print dropout_mask $C"
nb dropout-mask-mkl 004 432 437 "\$BIN --dropout-rng mkl --print dropout_mask $C"
nb karpathy-x0      001  23  30 "printf '{\"inputs\": {\"randn\": [4, 8, 2]}, \"seed\": 1337}' | \$BIN --print 'inputs[0]' -"
nb wrapper          004 555 568 "\$BIN --print merged --print merged.shape data/book-wrapper-123.json" 's/, grad_fn=<[A-Za-z0-9]*>//; s/^context_vecs.shape: //'
nb mha              004 659 672 "\$BIN --print output --print output.shape data/book-mha-123.json" 's/^context_vecs.shape: //'
