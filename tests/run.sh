#!/bin/sh
# run.sh - every test: C units, golden runs, diagnostics, REPL sessions, the manual.
# Ends with one line, "N passed, M failed"; exits 1 when anything failed.
# BIN and UNIT may name other builds (the sanitizer run in .ci/run uses this).
LC_ALL=C
export LC_ALL
unset NO_COLOR ATTN_EXPLAIN_HISTORY COLUMNS
BIN=${BIN:-./attn-explain}
UNIT=${UNIT:-tests/unit}
PYRUN=${PYRUN:-tests/pyrun}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0

ok() { pass=$((pass + 1)); }
ko() { fail=$((fail + 1)); printf 'FAIL: %s\n' "$1"; [ -f "$tmp/diff" ] && head -n 20 "$tmp/diff"; rm -f "$tmp/diff"; }

# compare NAME EXPECTED_FILE ACTUAL_FILE
same() {
	if diff -u "$2" "$3" > "$tmp/diff" 2>&1; then ok; rm -f "$tmp/diff"; else ko "$1"; fi
}

# 1. C unit tests (print cases, rng vectors, tensor, expressions)
if "$UNIT" > "$tmp/unit.out" 2> "$tmp/unit.err"; then :; fi
cat "$tmp/unit.err" | head -n 40
line=$(tail -n 1 "$tmp/unit.out")
p=$(echo "$line" | sed -n 's/^unit: \([0-9]*\) passed, \([0-9]*\) failed$/\1/p')
f=$(echo "$line" | sed -n 's/^unit: \([0-9]*\) passed, \([0-9]*\) failed$/\2/p')
if [ -z "$p" ]; then
	ko "unit tests did not finish: $line"
else
	pass=$((pass + p)); fail=$((fail + f))
	[ "$f" -eq 0 ] || echo "FAIL: $f unit checks"
fi

# 2. golden runs: --print of every stage and expression, against real PyTorch
for pr in tests/golden/*.print; do
	name=$(basename "$pr" .print)
	case $name in
	data-*) input=data/${name#data-}.json ;;
	*) input=tests/golden/$name.json ;;
	esac
	set --
	while IFS= read -r e; do set -- "$@" --print "$e"; done < "$pr"
	"$BIN" "$@" "$input" > "$tmp/out" 2>&1
	same "golden $name" "tests/golden/$name.out" "$tmp/out"
done

# 3. print cases end to end through --tensor
for j in tests/tensor/*.json; do
	[ -f "$j" ] || continue
	"$BIN" --tensor "$j" > "$tmp/out" 2>&1
	same "tensor $(basename "$j")" "${j%.json}.out" "$tmp/out"
done

# 4. bad input files: nothing on stdout, one line on stderr, status 1
for j in tests/errors/*.json; do
	[ -f "$j" ] || continue
	"$BIN" "$j" > "$tmp/out" 2> "$tmp/err"
	echo "status $?" >> "$tmp/err"
	cat "$tmp/out" >> "$tmp/err"
	same "error $(basename "$j")" "${j%.json}.err" "$tmp/err"
done

# 5. command lines with expected stdout, stderr and status (tests/cli/*.sh)
for c in tests/cli/*.cmd; do
	[ -f "$c" ] || continue
	base=${c%.cmd}
	(BIN=$BIN; export BIN; sh "$c") > "$tmp/out" 2> "$tmp/err"
	echo "status $?" >> "$tmp/err"
	if [ -f "$base.out" ]; then same "cli $(basename "$base") stdout" "$base.out" "$tmp/out"; fi
	same "cli $(basename "$base") stderr" "$base.err" "$tmp/err"
done

# 6. REPL sessions piped through stdin
for s in tests/repl/*.in; do
	[ -f "$s" ] || continue
	base=${s%.in}
	input=$(head -n 1 "$s" | sed -n 's/^# input: //p')
	"$BIN" -i "$input" < "$s" > "$tmp/out" 2>&1
	echo "status $?" >> "$tmp/out"
	same "repl $(basename "$base")" "$base.out" "$tmp/out"
done

# 6b. interpreter sessions fed to py_exec (tests/pyrun): stdout and the error
# lines against what Python + PyTorch print (tests/gen/sessions.py), without
# the interpreter's own "warning:" lines; own-*.in hold the contract's own
# rules, expected text written by hand, warnings included
for s in tests/py/*.in; do
	[ -f "$s" ] || continue
	base=${s%.in}
	input=$(head -n 1 "$s" | sed -n 's/^# input: //p')
	"$PYRUN" "$input" < "$s" > "$tmp/out" 2> "$tmp/err"
	case $(basename "$s") in
	own-*) cp "$tmp/err" "$tmp/err2" ;;
	*) grep -v '^warning: ' "$tmp/err" > "$tmp/err2" ;;
	esac
	same "py $(basename "$base") stdout" "$base.out" "$tmp/out"
	same "py $(basename "$base") errors" "$base.err" "$tmp/err2"
done

# 7. the REPL on a real terminal (tmux): prompt, history, Tab, Ctrl-C, Ctrl-D
if [ -f tests/tty/run.sh ]; then
	BIN=$BIN sh tests/tty/run.sh > "$tmp/tty" 2>&1
	st=$?
	n_ok=$(grep -c '^ok ' "$tmp/tty")
	pass=$((pass + n_ok))
	if [ $st -ne 0 ] || grep -q '^not ok' "$tmp/tty"; then cat "$tmp/tty"; ko "tty test"; fi
fi

# 8. the emitted PyTorch: scripts and notebooks print what the cells print
if [ -f tests/emit/run.sh ]; then
	BIN=$BIN sh tests/emit/run.sh > "$tmp/emit" 2>&1
	pass=$((pass + $(grep -c '^ok ' "$tmp/emit")))
	grep '^skip' "$tmp/emit"
	if grep -q '^FAIL' "$tmp/emit"; then
		fail=$((fail + $(grep -c '^FAIL' "$tmp/emit")))
		grep -A 10 '^FAIL' "$tmp/emit" | head -n 40
	fi
fi

# 8b. check mode against its corpus of learners' prints (tests/gen/check_cases.py, real PyTorch)
if [ -f tests/check/run.sh ]; then
	BIN=$BIN sh tests/check/run.sh > "$tmp/check" 2>&1
	pass=$((pass + $(grep -c '^ok ' "$tmp/check")))
	if grep -q '^FAIL' "$tmp/check"; then
		fail=$((fail + $(grep -c '^FAIL' "$tmp/check")))
		grep -A 8 '^FAIL' "$tmp/check" | head -n 40
	fi
fi

# 9. the manual
if [ -f tests/man.sh ]; then
	if BIN=$BIN sh tests/man.sh > "$tmp/man" 2>&1; then ok; else cat "$tmp/man"; ko "man page checks"; fi
fi

# 10. why: the steps behind random elements, every number printed by real PyTorch
# (tests/gen/why_cases.py); NAME.why holds "DEPTH VERBOSE EXPR" lines
for w in tests/why/*.why; do
	[ -f "$w" ] || continue
	base=${w%.why}
	name=$(basename "$base")
	case $name in
	data-*) input=data/${name#data-}.json ;;
	*) input=$base.json ;;
	esac
	: > "$tmp/out"
	while IFS=' ' read -r depth verbose expr; do
		printf '### %s %s %s\n' "$depth" "$verbose" "$expr" >> "$tmp/out"
		if [ "$verbose" = 1 ]; then set -- -v; else set --; fi
		"$BIN" "$@" --depth "$depth" --why "$expr" "$input" >> "$tmp/out" 2>&1
	done < "$w"
	same "why $name" "$base.out" "$tmp/out"
done
# --explain adds only "    # " lines to what why prints
for e in 'attn_weights[1, 0]' 'output[1, 5, 1]'; do
	case $e in output*) input=data/book-mha-123.json ;; *) input=data/book-causal-dropout.json ;; esac
	"$BIN" --depth all --why "$e" "$input" > "$tmp/plain" 2>&1
	"$BIN" --explain --depth all --why "$e" "$input" > "$tmp/explained" 2>&1
	grep -v '^    # ' "$tmp/explained" > "$tmp/out"
	same "why --explain $e" "$tmp/plain" "$tmp/out"
	steps=$(grep -c '^[A-Za-z_.]*\[.*\] = ' "$tmp/plain")
	taught=$(grep -c '^    # ' "$tmp/explained")
	if [ "$steps" -gt 1 ] && [ "$steps" -eq "$taught" ]; then ok; else ko "why --explain $e: $taught teaching lines for $steps steps"; fi
done

# 11. issue 25's modules, not yet wired in: figures, .npz and safetensors, fast numbers
# (tests/lessons: C checks writing under a folder of its own; tests/figure/run.sh: the SVG by an XML parser)
LESSONS=${LESSONS:-tests/lessons}
mkdir -p "$tmp/lessons"
"$LESSONS" "$tmp/lessons" > "$tmp/lessons.out" 2> "$tmp/lessons.err"
head -n 40 "$tmp/lessons.err"
p=$(sed -n 's/^lessons: \([0-9]*\) passed, \([0-9]*\) failed$/\1/p' "$tmp/lessons.out")
f=$(sed -n 's/^lessons: \([0-9]*\) passed, \([0-9]*\) failed$/\2/p' "$tmp/lessons.out")
if [ -z "$p" ]; then ko "tests/lessons did not finish: $(tail -n 1 "$tmp/lessons.out")"; else pass=$((pass + p)); fail=$((fail + f)); fi
for s in tests/figure/run.sh tests/export/run.sh; do
	LESSONS=$LESSONS sh "$s" > "$tmp/section" 2>&1
	pass=$((pass + $(grep -c '^ok ' "$tmp/section")))
	grep '^skip' "$tmp/section"
	fail=$((fail + $(grep -c '^FAIL' "$tmp/section")))
	grep '^FAIL' "$tmp/section"
done

echo "check: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
