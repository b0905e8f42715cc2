# case.sh - the py kind (tests/run.sh's case_run): tests/pyrun (py_exec) on
# the file the first line of NAME.in names ("# input: FILE"), NAME.in on
# stdin; NAME.out holds stdout and NAME.err the error lines, as Python and
# PyTorch print them (tests/gen/sessions.py) without the interpreter's own
# "warning:" lines; own-*.in hold the contract's own rules, their expected
# text written by hand, warnings included.
input=$(sed -n '1s/^# input: //p' "$CASE.in")
case ${CASE##*/} in
own-*) exec "$PYRUN" "$input" ;;
esac
"$PYRUN" "$input" 2> "$TMP/case.stderr"
grep -v '^warning: ' "$TMP/case.stderr" >&2
exit 0
