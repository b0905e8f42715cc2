# the notebook names its input by its file name only (no folder: the "# from" comments and the first
# cell), its markdown speaks of PyTorch (print(W_query.weight) shows the weights) and never of
# attn-explain's options (--all, --print), and the heat map cell follows attn_weights' cell
d=$(mktemp -d) && $BIN --emit ipynb "$PWD/data/book-linear-789.json" > "$d/nb"
grep -c "$PWD" "$d/nb"
grep -o '# from [^\\"]*' "$d/nb"
grep -o '# Self-attention on [^,]*' "$d/nb"
grep -o '`print(W_query[.a-z]*)` shows them' "$d/nb"
grep -c -e '--all' -e '--print' "$d/nb"
grep -o -e 'attn_weights = [a-z.]*' -e 'plt.imshow([^)]*)' -e 'context_vecs = ' "$d/nb"
rm -rf "$d"
