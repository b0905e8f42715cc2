# case.sh - the trace kind (tests/run.sh's case_run): attn-explain --run
# NAME.py --trace FILE, FILE named by the script's first line "# input: FILE"
# (no --seed: it would override FILE's seed; a script seeds what it draws).  Its standard output without check mode's labels
# must equal NAME.out, the cells real PyTorch computed (tests/gen/trace_cases.py);
# the labels (each cell's header line and the line naming the first mistake)
# and the status go to standard error and must equal NAME.err, by hand from
# the contract: the stage each line computes, the mistake written into it.
input=$(sed -n 's/^# input: //p' "$CASE.py" | head -n 1)
"$BIN" --run "$CASE.py" --trace "$input" > "$TMP/trace.out"
st=$?
sed -e '/^line [0-9]* `/d' -e 's/^\(\[[^]]*\] [A-Za-z_0-9]*\): .*$/\1/' "$TMP/trace.out"
grep -E '^\[|^line [0-9]+ `' "$TMP/trace.out" >&2
echo "status $st" >&2
