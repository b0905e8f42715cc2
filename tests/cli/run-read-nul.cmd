# --run of a script with a NUL byte: refused before parsing, as python3 refuses it
printf 'print(1)\n\000\n' > "$TMP/nul.py"
$BIN --run "$TMP/nul.py" 2> "$TMP/nul.err"; s=$?; sed "s|$TMP/||" "$TMP/nul.err" >&2; exit $s
