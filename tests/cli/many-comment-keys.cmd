# 200,000 distinct comment keys: the duplicate check sorts the keys (n log n);
# it used to compare every pair (15 s for 100,000).  Then the same with a
# duplicate at the very end, reported at its key.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
keys='BEGIN { printf "{"; for (i = 0; i < 200000; i++) printf "\"_c%d\": 0, ", i; printf "\"inputs\": [[1]]" }'
{ awk "$keys"; echo '}'; } > "$tmp/many.json"
timeout 20 $BIN --print inputs "$tmp/many.json" || exit
{ awk "$keys"; echo ', "_c7": 1}'; } > "$tmp/dup.json"
timeout 20 $BIN "$tmp/dup.json" 2> "$tmp/err"
st=$?
sed "s|$tmp/||" "$tmp/err" >&2
exit $st
