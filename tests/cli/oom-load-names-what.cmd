# issue 24 item 12: out of memory while loading names the file and what was
# being built (a 6 MB input under a 100 MB address-space limit).  A sanitizer
# build cannot start under such a limit: there the case is not run, and its
# expected lines are written instead (the normal build runs it).
case $BIN in /*) ;; *) BIN=$PWD/$BIN ;; esac
cd "$TMP" || exit 9
awk 'BEGIN { printf "{\"inputs\": ["; for (i = 0; i < 300000; i++) printf "%s[0.125, 0.25, 0.5]", i ? ", " : ""; printf "], \"d_out\": 2, \"seed\": 1, \"init\": \"rand\"}\n" }' > oom.json
if nm "$BIN" 2>/dev/null | grep -q __asan_init; then
	echo "attn-explain: oom.json: out of memory while building the JSON tree (6000052 bytes of text)" >&2
	exit 1
fi
ulimit -v 100000 && exec $BIN --print 'inputs.shape' oom.json
