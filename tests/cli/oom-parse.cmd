# Out of memory while parsing says so, names the file and what was being built
# (issue 24 item 12; it said "invalid
# JSON: unexpected '['"): 8 MB of "0," are 4 million numbers, some 400 MB
# once parsed, more than the 250 MB this run may map.  A build that cannot
# even start under the limit (AddressSanitizer maps terabytes of shadow)
# skips, printing the expected diagnostic itself (this test has no .out).
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ "$( (ulimit -v 250000 && $BIN --version > /dev/null 2>&1 && echo yes) 2> /dev/null)" != yes ]; then
	echo "skip: $BIN does not start under ulimit -v"
	echo "attn-explain: big.json: out of memory while building the JSON tree (8000018 bytes of text)" >&2
	exit 1
fi
{ printf '{"inputs": [['; yes 0, | head -n 4000000 | tr -d '\n'; printf '0]]}\n'; } > "$tmp/big.json"
(ulimit -v 250000 && exec $BIN --print inputs.shape "$tmp/big.json") 2> "$tmp/err"
st=$?
sed "s|$tmp/||" "$tmp/err" >&2
exit $st
