# a REPL error line is never cut: the reason after a 5000-byte path is still there
p=$(printf 'a%.0s' $(seq 5000))
echo "save /$p/x" | $BIN -i data/your-journey.json 2>&1 > /dev/null | sed 's/a\{100,\}/A.../'
