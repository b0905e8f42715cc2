#!/bin/sh
# live.sh - where /usr/bin/python3 has nbclient and torch, the expected
# outputs of tests/nb/*.ipynb (not own-*, not the seeds: seeds.sh) are made
# again by nbclient (tests/gen/nb_cases.py --print) and must equal the
# committed NAME.out and NAME.err; says skip otherwise.
PY=/usr/bin/python3
if ! "$PY" -c 'import nbclient, nbformat, ipykernel, torch' 2>/dev/null; then
	echo "skip nb-live: nbclient, ipykernel or torch missing (python3-nbclient): the committed goldens stand"
	exit 0
fi
TMP=${TMPDIR:-/tmp}/nblive.$$
mkdir -p "$TMP"
for f in tests/nb/*.ipynb; do
	name=$(basename "$f" .ipynb)
	case $name in own-*|seed-*) continue ;; esac
	{ cat "tests/nb/$name.out"; echo "#---err"; cat "tests/nb/$name.err"; } > "$TMP/want"
	if PYDEVD_DISABLE_FILE_VALIDATION=1 "$PY" tests/gen/nb_cases.py --print "$f" > "$TMP/got" 2> "$TMP/log" &&
	    cmp -s "$TMP/want" "$TMP/got"; then
		echo "ok nb-live $name"
	else
		echo "not ok nb-live $name: nbclient's outputs now differ from the committed golden"
		{ diff "$TMP/want" "$TMP/got"; tail -n 3 "$TMP/log"; } | head -n 10 | sed 's/^/    /'
	fi
done
rm -rf "$TMP"
