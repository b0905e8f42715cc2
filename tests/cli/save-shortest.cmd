# save writes each number as the shortest text that reads back the same (0.43, not 0.430000007; 0.1, not 0.10000000000000001)
d=$(mktemp -d)
printf 'set dropout 0.1\nset scale 0.35355339059327373\nsave %s/s.json\n' "$d" | $BIN -i data/your-journey.json > /dev/null
cat "$d/s.json"
rm -rf "$d"
