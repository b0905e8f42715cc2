# a file name with a newline cannot end the "# from FILE" comment and put code on the next line:
# the comment holds \x0a, and no line of the script starts with the name's second half
d=$(mktemp -d) && f="$d/a
b.json" && cp data/your-journey.json "$f" && $BIN --emit python "$f" > "$d/s.py"
grep -c 'from .*/a\\x0ab.json' "$d/s.py"
grep -c '^b.json' "$d/s.py"
rm -rf "$d"
