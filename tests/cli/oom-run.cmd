# Out of memory in a --run script is that line's error, as any other exception
# ends the script: one line naming the file and line, status 1 (issue 24 item 19;
# it said "attn-explain: out of memory" without either): list(range(3e7)) and
# a matmul's packing buffer (a has 100 rows: up to 96 the product reads b in place,
# packing nothing), in a run that may map 250 MB.  A build that cannot
# even start under the limit (AddressSanitizer) skips, printing the expected text.
if [ "$( (ulimit -v 250000 && $BIN --version > /dev/null 2>&1 && echo yes) 2> /dev/null)" != yes ]; then
	printf '%s\n' "attn-explain: a.py: line 3: MemoryError: out of memory: malloc refused N bytes" \
	    "attn-explain: b.py: line 4: MemoryError: out of memory: malloc refused N bytes" >&2
	exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '%s\n' 'import torch' 'print("before")' 'l = list(range(30000000))' 'print("after")' > "$tmp/a.py"
printf '%s\n' 'import torch' 'a = torch.ones(100, 5000)' 'b = torch.ones(5000, 9000)' 'c = a @ b' > "$tmp/b.py"
(ulimit -v 250000 && $BIN --run "$tmp/a.py"; $BIN --run "$tmp/b.py") 2> "$tmp/err" > /dev/null
st=$?
sed -e "s|$tmp/||" -e "s/refused [0-9]* bytes/refused N bytes/" -e "s/[0-9]* bytes refused/N bytes refused/" "$tmp/err" >&2  # the size refused depends on what was free
exit $st
