# case.sh - the why kind (tests/run.sh's case_run): NAME.why holds lines
# "DEPTH VERBOSE EXPR"; for each, a "### DEPTH VERBOSE EXPR" line, then
# attn-explain [-v] --depth DEPTH --why EXPR on NAME.json (data-X:
# data/X.json), stdout and stderr together, against NAME.out (every number
# printed by real PyTorch, tests/gen/why_cases.py).
name=${CASE##*/}
case $name in
data-*) input=data/${name#data-}.json ;;
*) input=$CASE.json ;;
esac
while IFS=' ' read -r depth verbose expr; do
	printf '### %s %s %s\n' "$depth" "$verbose" "$expr"
	if [ "$verbose" = 1 ]; then set -- -v; else set --; fi
	"$BIN" "$@" --depth "$depth" --why "$expr" "$input" 2>&1 < /dev/null
done < "$CASE.why"
