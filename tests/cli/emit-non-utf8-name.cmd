# a file name that is not UTF-8 (byte 0xff), or so long that it is cut, still gives a script and a
# notebook in UTF-8 (Python refuses a source file that is not): the byte shows as \xff, and
# the cut falls between characters (a 600-byte name of 3-byte characters)
d=$(mktemp -d) && f="$d/bad$(printf '\377')name.json" && cp data/your-journey.json "$f"
$BIN --emit python "$f" > "$d/s.py" && iconv -f UTF-8 -t UTF-8 "$d/s.py" > /dev/null && echo utf-8
grep -c 'from .*/bad\\xffname.json' "$d/s.py"
$BIN --color never "$f" | grep -c 'from .*/bad\\xffname.json'
$BIN --emit ipynb "$f" | iconv -f UTF-8 -t UTF-8 > /dev/null && echo utf-8
long="$d/$(printf '%080d' 0 | sed 's/0/猫/g')/$(printf '%080d' 0 | sed 's/0/猫/g')/$(printf '%080d' 0 | sed 's/0/猫/g')"
mkdir -p "$long" && cp data/your-journey.json "$long/e.json"
$BIN --emit python "$long/e.json" | iconv -f UTF-8 -t UTF-8 > /dev/null && echo utf-8
$BIN --color never "$long/e.json" | iconv -f UTF-8 -t UTF-8 > /dev/null && echo utf-8
rm -rf "$d"
