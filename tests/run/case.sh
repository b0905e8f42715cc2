# case.sh - the run kind (tests/run.sh's case_run): attn-explain --run
# NAME.py --seed 0 (with NAME.json as its FILE where there is one); NAME.out
# is what python3 NAME.py printed with PyTorch 1.13, NAME.err its error as
# --run names it (tests/gen/run_cases.py writes both from real Python).
if [ -f "$CASE.json" ]; then
	"$BIN" --seed 0 --run "$CASE.py" "$CASE.json"
else
	"$BIN" --seed 0 --run "$CASE.py"
fi
echo "status $?" >&2
