# case.sh - the nb kind (tests/run.sh's case_run): attn-explain --seed 0
# --run NAME.ipynb (with NAME.json as its FILE where there is one).  NAME.out
# and NAME.err come from nbclient running the notebook with real PyTorch
# (tests/gen/nb_cases.py); own-* cases (a refusal nbclient would not give)
# are written by hand.  The seed notebooks (tests/nb/seeds/) run in tests/nb/seeds.sh.
if [ -f "$CASE.json" ]; then
	"$BIN" --seed 0 --run "$CASE.ipynb" "$CASE.json"
else
	"$BIN" --seed 0 --run "$CASE.ipynb"
fi
echo "status $?" >&2
