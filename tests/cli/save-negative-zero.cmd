# save writes -0.0 as -0.0: "-0" reads back as +0 (as Python's json reads it), so the saved
# file once printed 0. where the input had -0.
d=$(mktemp -d) && printf '{"inputs": [[-0.0, 1.0]]}\n' > "$d/in.json"
printf 'save %s\n' "$d/out.json" | $BIN -i "$d/in.json" > /dev/null 2>&1
grep -c '"inputs":.*\[\[-0.0, 1\]\]' "$d/out.json"
$BIN --print inputs "$d/out.json"
$BIN --json "$d/in.json" | grep -c '"name": "inputs".*"data": \[-0.0, 1\]'
rm -rf "$d"
