# case.sh - the tensor kind (tests/run.sh's case_run): attn-explain
# --tensor NAME.json, stdout and stderr together against NAME.out.
exec "$BIN" --tensor "$CASE.json" 2>&1
