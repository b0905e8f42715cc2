# case.sh - the errors kind (tests/run.sh's case_run): attn-explain
# NAME.json; NAME.err holds stderr, "status N", then stdout (none expected).
"$BIN" "$CASE.json" > "$TMP/case.stdout"
echo "status $?" >&2
cat "$TMP/case.stdout" >&2
