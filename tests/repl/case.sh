# case.sh - the repl kind (tests/run.sh's case_run): attn-explain -i on the
# file the first line of NAME.in names ("# input: FILE"), NAME.in on stdin;
# NAME.out holds stdout and stderr together, then "status N".
input=$(sed -n '1s/^# input: //p' "$CASE.in")
LC_ALL=C.UTF-8 "$BIN" -i "$input" 2>&1	# heat maps in Unicode shades (LC_ALL=C draws ASCII)
echo "status $?"
