# a script of over 1 MB (made here): run whole, as python3 runs it
awk 'BEGIN { print "s = 0"; for (i = 0; i < 50000; i++) printf "v%d = %d * 2 + 1\ns = s + v%d\n", i, i, i; print "print(len(str(s)), s, v49999)" }' > "$TMP/run-1mb.py"
wc -c < "$TMP/run-1mb.py" | awk '{ print ($1 > 1048576 ? "over 1 MB" : "under 1 MB") }'
$BIN --run "$TMP/run-1mb.py"
