# case.sh - the emit kind (tests/run.sh's case_run): NAME.out is what real
# PyTorch printed running the script `attn-explain OPTIONS --emit python
# FILE` wrote (tests/gen/emit_cases.py); attn-explain OPTIONS FILE itself
# must print it.  OPTIONS and FILE: NAME's line "NAME|OPTIONS|FILE" of
# tests/emit/cases.txt.
line=$(awk -F'|' -v n="${CASE##*/}" '$1 == n' tests/emit/cases.txt)
[ -n "$line" ] || { echo "no line ${CASE##*/}|... in tests/emit/cases.txt" >&2; exit 1; }
opts=$(echo "$line" | cut -d'|' -f2)
file=$(echo "$line" | cut -d'|' -f3-)
# shellcheck disable=SC2086
exec "$BIN" $opts --color never "$file" 2>&1
