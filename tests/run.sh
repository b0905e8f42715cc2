#!/bin/sh
# run.sh - every test of tests/ (tests/README.md says what each kind is).
# Every check prints one line, "ok NAME" or "not ok NAME" followed by the
# diff or the reason, indented; the last line is the one count,
# "check: N passed, M failed" (CI reads it); exits 1 when anything failed.
# BIN, UNIT and PYRUN may name other builds (the sanitizer run in .ci/run
# uses this); LAYERS=0 skips tests/layers.sh (the parts of src/).
LC_ALL=C
export LC_ALL
unset NO_COLOR ATTN_EXPLAIN_HISTORY COLUMNS MKL_NUM_THREADS
# PyTorch's default thread count, which attn-explain follows, is half the CPUs: the goldens
# were made with one thread (tests/gen/run_cases.py sets the same), so one on any machine
OMP_NUM_THREADS=1
export OMP_NUM_THREADS
BIN=${BIN:-./attn-explain}
UNIT=${UNIT:-tests/unit}
PYRUN=${PYRUN:-tests/pyrun}
LAYERS=${LAYERS:-1}
TMP=$(mktemp -d)
export BIN PYRUN TMP
trap 'rm -rf "$TMP"' EXIT
pass=0
fail=0

ok() { pass=$((pass + 1)); echo "ok $1"; }
# not_ok NAME [FILE]: the failure, then the first lines of FILE indented
not_ok() {
	fail=$((fail + 1)); echo "not ok $1"
	[ -n "$2" ] && head -n 20 "$2" | sed 's/^/    /'
}

# same NAME EXPECTED_FILE ACTUAL_FILE
same() {
	if diff -u "$2" "$3" > "$TMP/diff" 2>&1; then ok "$1"; else not_ok "$1" "$TMP/diff"; fi
}

# case_run KIND BASE: one black-box case, the one format of every kind of
# tests/KIND/: tests/KIND/case.sh (the kind's command, made from the case's
# own files; CASE=BASE) runs with stdin from BASE.in (else /dev/null);
# its stdout must equal BASE.out and its stderr BASE.err, each where it exists
# (case.sh writes a "status N" line where the status is part of the case).
case_run() {
	stdin=/dev/null
	[ -f "$2.in" ] && stdin=$2.in
	CASE=$2 sh "tests/$1/case.sh" < "$stdin" > "$TMP/out" 2> "$TMP/err"
	for s in out err; do
		[ -f "$2.$s" ] && same "$1/${2##*/}.$s" "$2.$s" "$TMP/$s"
	done
}

# kind_run KIND EXT: every case of tests/KIND, one per file NAME.EXT
kind_run() {
	for f in tests/"$1"/*."$2"; do
		[ -f "$f" ] && case_run "$1" "${f%."$2"}"
	done
}

# sub_run NAME COMMAND...: a runner of its own (tty, emit's scripts, check,
# the manual, layers) printing the same lines; its "ok" and "not ok" lines
# are counted, and a failing status without a "not ok" line is one more
sub_run() {
	name=$1; shift
	"$@" > "$TMP/sub" 2>&1
	st=$?
	cat "$TMP/sub"
	n_ok=$(grep -c '^ok ' "$TMP/sub")
	n_ko=$(grep -c '^not ok ' "$TMP/sub")
	pass=$((pass + n_ok)); fail=$((fail + n_ko))
	if [ "$st" -ne 0 ] && [ "$n_ko" -eq 0 ]; then not_ok "$name: exit status $st"; fi
}

# tally NAME FILE: a C test program's last line, "NAME: P passed, F failed",
# added to the count (tests/unit, tests/modelrun, tests/lessons)
tally() {
	line=$(tail -n 1 "$2")
	p=$(echo "$line" | sed -n "s/^$1: \([0-9]*\) passed, \([0-9]*\) failed\$/\1/p")
	f=$(echo "$line" | sed -n "s/^$1: \([0-9]*\) passed, \([0-9]*\) failed\$/\2/p")
	if [ -z "$p" ]; then not_ok "$1: did not finish: $line"; else pass=$((pass + p)); fail=$((fail + f)); fi
}

# 1. C unit tests: one ok line per test function, each check counted
"$UNIT" > "$TMP/unit" 2>&1
grep -v '^unit: ' "$TMP/unit"
tally unit "$TMP/unit"

# 2. black-box cases, one format (case_run); tests/README.md says who made
# each kind's expected files
kind_run golden print	# --print of every stage and expression, real PyTorch
kind_run tensor json	# print cases end to end through --tensor
kind_run errors json	# bad input files: one line on stderr, status 1
kind_run cli cmd	# command lines
kind_run repl in	# REPL sessions piped through stdin
kind_run py in		# interpreter sessions fed to py_exec (tests/pyrun)
kind_run why why	# why: the steps behind random elements
kind_run emit out	# what the emitted PyTorch printed, against attn-explain
kind_run run py		# scripts run whole (--run), against python3 + PyTorch
kind_run nb ipynb	# notebooks run (--run NB.ipynb), against nbclient + PyTorch
kind_run trace py	# --run --trace: the cells against PyTorch, the labels by hand

# 3. --explain adds only "    # " lines to what why prints
for e in 'attn_weights[1, 0]' 'output[1, 5, 1]'; do
	case $e in output*) input=data/book-mha-123.json ;; *) input=data/book-causal-dropout.json ;; esac
	"$BIN" --depth all --why "$e" "$input" > "$TMP/plain" 2>&1
	"$BIN" --explain --depth all --why "$e" "$input" > "$TMP/explained" 2>&1
	grep -v '^    # ' "$TMP/explained" > "$TMP/out"
	same "why --explain $e" "$TMP/plain" "$TMP/out"
	steps=$(grep -c '^[A-Za-z_.]*\[.*\] = ' "$TMP/plain")
	taught=$(grep -c '^    # ' "$TMP/explained")
	if [ "$steps" -gt 1 ] && [ "$steps" -eq "$taught" ]; then
		ok "why --explain $e: $taught teaching lines"
	else
		not_ok "why --explain $e: $taught teaching lines for $steps steps"
	fi
done

# 4. runners of their own
sub_run tty sh tests/tty/run.sh		# the REPL on a real terminal (tmux)
sub_run emit sh tests/emit/run.sh	# the emitted scripts and notebooks run again (PyTorch)
sub_run check sh tests/check/run.sh	# check mode against its corpus (not a byte compare)
sub_run check-book env CASES=tests/check/book sh tests/check/run.sh	# the book's section 3.3 (issue 24)
sub_run man sh tests/man.sh		# the manual
sub_run nb-seeds sh tests/nb/seeds.sh	# the seed notebooks run whole (those enabled)
sub_run nb-live sh tests/nb/live.sh	# tests/nb's goldens made again by nbclient (skip without it)
sub_run options python3 tests/options/run.py "$BIN"	# every setting's option = the setting in the file
sub_run cli25 sh tests/cli25/run.sh	# --heatmap --output figures, --emit npz|safetensors from the command line
if [ "$LAYERS" = 0 ]; then
	echo "skip layers"
else
	sub_run layers sh tests/layers.sh	# includes and calls go left to right
fi

# 5. src/model: safetensors, GPT-2's BPE, the GPT-2 loader and forward pass (tests/modelrun.c);
# "skip" lines name what was not there (GPT-2's real vocabulary: GPT2_VOCAB_DIR)
MODELRUN=${MODELRUN:-tests/modelrun}
if [ -z "${GPT2_VOCAB_DIR:-}" ]; then	# GPT-2's real vocabulary (encoder.json + vocab.bpe), where a cache holds it
	for d in tests/model/gpt2 "${XDG_CACHE_HOME:-$HOME/.cache}/attn-explain/gpt2-vocab" /work/cache/gpt2-vocab; do
		if [ -f "$d/encoder.json" ] || [ -f "$d/vocab.json" ]; then GPT2_VOCAB_DIR=$d; export GPT2_VOCAB_DIR; break; fi
	done
fi
if [ -x "$MODELRUN" ]; then
	"$MODELRUN" tests/model > "$TMP/model.out" 2> "$TMP/model.err"
	head -n 40 "$TMP/model.err"
	grep '^skip' "$TMP/model.out"
	tally modelrun "$TMP/model.out"
else
	not_ok "modelrun: not built (make tests/modelrun)"
fi

# 5b. --model on GPT-2 itself where tests/model/gpt2 holds it (config.json, model.safetensors and the
# vocabulary; gitignored): OpenAI's encoder gives "Hello world" the ids 15496, 995
if [ -f tests/model/gpt2/model.safetensors ] && [ -f tests/model/gpt2/config.json ]; then
	"$BIN" --model tests/model/gpt2 --text 'Hello world' --layer 11 --print token_ids \
	    --print 'attn_weights.shape' > "$TMP/gpt2.out" 2>&1
	printf 'tensor([[15496,   995]])\ntorch.Size([1, 12, 2, 2])\n' > "$TMP/gpt2.want"
	same model-gpt2-hello "$TMP/gpt2.want" "$TMP/gpt2.out"
else
	echo "skip model-gpt2: tests/model/gpt2 has no config.json + model.safetensors (huggingface-cli download gpt2 --local-dir tests/model/gpt2)"
fi

# 6. figures, .npz and safetensors, fast numbers, as modules
# (tests/lessons: C checks writing under a folder of its own; tests/figure/run.sh: the SVG by an XML parser)
LESSONS=${LESSONS:-tests/lessons}
mkdir -p "$TMP/lessons"
"$LESSONS" "$TMP/lessons" > "$TMP/lessons.out" 2> "$TMP/lessons.err"
head -n 40 "$TMP/lessons.err"
tally lessons "$TMP/lessons.out"
for s in tests/figure/run.sh tests/export/run.sh; do
	LESSONS=$LESSONS sh "$s" > "$TMP/section" 2>&1
	pass=$((pass + $(grep -c '^ok ' "$TMP/section")))
	grep '^skip' "$TMP/section"
	fail=$((fail + $(grep -c '^FAIL\|^not ok' "$TMP/section")))
	grep -A 8 '^FAIL\|^not ok' "$TMP/section"
done

echo "check: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
