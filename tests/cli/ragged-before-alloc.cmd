# A nested array is checked whole before its tensor is allocated: its shape
# follows the first row, so 46000 ones and then rows of one number would
# claim 46000 x 46000 floats (8 GiB) from 280 kB of text.  Under a 200 MB
# limit the old order died of "out of memory".  A build that cannot start
# under the limit skips (see oom-parse.cmd).
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
msg='attn-explain: ragged.json:1:138015: inputs[1]: expected 46000 elements, as inputs[0] has, got 1 (arrays must be rectangular)'
if [ "$( (ulimit -v 200000 && $BIN --version > /dev/null 2>&1 && echo yes) 2> /dev/null)" != yes ]; then
	echo "skip: $BIN does not start under ulimit -v"
	echo "$msg" >&2
	exit 1
fi
awk 'BEGIN { printf "{\"inputs\": [["; for (i = 0; i < 46000; i++) printf "%s1", i ? ", " : "";
    printf "]"; for (i = 1; i < 46000; i++) printf ", [1]"; print "]}" }' > "$tmp/ragged.json"
(ulimit -v 200000 && exec $BIN "$tmp/ragged.json") 2> "$tmp/err"
st=$?
sed "s|$tmp/||" "$tmp/err" >&2
exit $st
