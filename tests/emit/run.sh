#!/bin/sh
# run.sh - the emitted PyTorch proves the cells, run again now: where
# PyTorch is installed, the scripts (and notebooks, with nbclient) of every
# case of cases.txt and every golden input are emitted and run, and must
# print what attn-explain prints.  (That attn-explain prints each NAME.out,
# what real PyTorch printed running the script, is tests/run.sh's case_run
# with tests/emit/case.sh.)  One line per check, "ok NAME" or "not ok NAME"
# (then a diff, indented), and "skip ..." lines for what this machine cannot run.
BIN=${BIN:-./attn-explain}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
PY=/usr/bin/python3
torch=0
if [ -x "$PY" ] && "$PY" -c 'import torch' 2>/dev/null; then torch=1; fi
if [ $torch = 0 ]; then
	echo "skip emit: PyTorch is not installed (apt-get install python3-torch): the scripts were not run now"
	exit 0
fi

grep -v '^#' tests/emit/cases.txt | while IFS="|" read -r name opts file; do
	# shellcheck disable=SC2086
	"$BIN" $opts --color never "$file" > "$tmp/$name.tool" 2>&1
	# shellcheck disable=SC2086
	"$BIN" $opts --emit python "$file" > "$tmp/$name.py" 2> "$tmp/$name.err" || echo "not ok emit $name: --emit python failed"
	echo "$tmp/$name.py" >> "$tmp/scripts"
done
# and every golden input (their PyTorch output is not committed here: only where torch is)
for f in tests/golden/*.json; do
	name=golden-$(basename "$f" .json)
	"$BIN" --all --color never "$f" > "$tmp/$name.tool" 2>&1
	"$BIN" --all --emit python "$f" > "$tmp/$name.py" 2> "$tmp/$name.err" || echo "not ok emit $name: --emit python failed"
	echo "$tmp/$name.py" >> "$tmp/scripts"
done
# --model's scripts, and its --json and --emit npz bit for bit (model_bits.py)
grep -v '^#' tests/emit/model-cases.txt | while IFS="|" read -r name args; do
	eval "\"\$BIN\" $args" > "$tmp/$name.tool" 2>&1
	eval "\"\$BIN\" $args --emit python" > "$tmp/$name.py" 2> "$tmp/$name.err" || echo "not ok emit $name: --emit python failed"
	echo "$tmp/$name.py" >> "$tmp/scripts"
done
for c in "tiny-f32|1|5,17,2,99,3" "tiny-bf16|0|1,2,3" "tiny-wide-f16|1|3,1,4,1,5,9,2,6,5,3,5,8,9,7"; do
	f=${c%%|*}; rest=${c#*|}; l=${rest%%|*}; ids=${rest#*|}
	"$BIN" --model "tests/model/$f" --tokens "$ids" --layer "$l" --json > "$tmp/$f.json"
	"$BIN" --model "tests/model/$f" --tokens "$ids" --layer "$l" --emit npz -o "$tmp/$f.npz"
	echo "$c|$tmp/$f.json|$tmp/$f.npz"
done | LD_LIBRARY_PATH=/usr/lib/x86_64-linux-gnu/blas "$PY" tests/emit/model_bits.py
LD_LIBRARY_PATH=/usr/lib/x86_64-linux-gnu/blas "$PY" tests/emit/run_scripts.py < "$tmp/scripts"
while IFS= read -r script; do
	name=$(basename "$script" .py)
	if cmp -s "$script.got" "$tmp/$name.tool"; then
		echo "ok python $name"
	else
		echo "not ok python $name: the emitted script does not print what attn-explain prints"
		diff "$tmp/$name.tool" "$script.got" | head -n 10 | sed 's/^/    /'
	fi
done < "$tmp/scripts"
# the REPL's save --python: the script of a changed session prints what the saved settings print
printf 'set heads 3\nset causal true\nset dropout 0.25\nset all on\nsave -f %s\nsave -f --python %s\n' \
    "$tmp/session.json" "$tmp/session.py" | "$BIN" -i data/book-linear-789.json > /dev/null 2>&1
"$BIN" --all --color never "$tmp/session.json" | sed "s#$tmp/session.json#data/book-linear-789.json#" > "$tmp/session.tool"
echo "$tmp/session.py" | LD_LIBRARY_PATH=/usr/lib/x86_64-linux-gnu/blas "$PY" tests/emit/run_scripts.py
if [ -s "$tmp/session.tool" ] && cmp -s "$tmp/session.tool" "$tmp/session.py.got"; then
	echo "ok python save-python"
else
	echo "not ok python save-python: the REPL's save --python does not print what its settings print"
	diff "$tmp/session.tool" "$tmp/session.py.got" | head -n 10 | sed 's/^/    /'
fi
if "$PY" -c 'import nbclient, nbformat, ipykernel' 2>/dev/null; then
	# the heat map cell too (run_notebook.py --plot: it ran and showed a PNG), where matplotlib is installed
	plot=""
	if "$PY" -c 'import matplotlib' 2>/dev/null; then plot=--plot; else
		echo "skip notebook heat maps: matplotlib missing (python3-matplotlib): the plot cells were not checked"; fi
	# (T, T), causal with dropout, (B, H, T, T), (B, T, T), (H, T, T)
	for f in data/your-journey.json data/book-causal-dropout.json data/book-wrapper-123.json data/karpathy-1337.json \
	    data/multihead-split.json; do
		name=$(basename "$f" .json)
		"$BIN" --emit ipynb --all --explain "$f" > "$tmp/$name.ipynb"
		if LD_LIBRARY_PATH=/usr/lib/x86_64-linux-gnu/blas "$PY" tests/emit/run_notebook.py "$tmp/$name.ipynb" $plot > "$tmp/nb.log" 2>&1; then
			echo "ok notebook $name"
			[ -z "$plot" ] || echo "ok notebook $name: the heat map cell drew an image/png"
			# check mode reads the executed notebook, its image output among the prints
			if "$BIN" --check "$tmp/$name-ran.ipynb" "$f" > "$tmp/check.log" 2>&1; then
				echo "ok notebook $name: --check of the executed notebook matches"
			else
				echo "not ok notebook $name: --check of the executed notebook"
				tail -n 5 "$tmp/check.log" | sed 's/^/    /'
			fi
		else
			echo "not ok notebook $name"
			head -n 10 "$tmp/nb.log" | sed 's/^/    /'
		fi
	done
	# --model's notebook: every stored output (token_ids as int64 among them) is what PyTorch prints
	"$BIN" --model tests/model/tiny-f32 --tokens 5,17,2,99,3 --layer 1 --emit ipynb > "$tmp/model.ipynb"
	if LD_LIBRARY_PATH=/usr/lib/x86_64-linux-gnu/blas "$PY" tests/emit/run_notebook.py "$tmp/model.ipynb" > "$tmp/nb.log" 2>&1; then
		echo "ok notebook model-tiny-f32"
	else
		echo "not ok notebook model-tiny-f32"
		grep -v -e Debugg -e frozen -e PYDEVD -e '^0.00s' "$tmp/nb.log" | head -n 10 | sed 's/^/    /'
	fi
else
	echo "skip notebooks: nbclient, nbformat or ipykernel missing (python3-nbclient, python3-ipykernel): the notebooks were not run"
fi
