# --json names the file in UTF-8 even when the name is not (byte 0xff): the byte as the text \xff,
# so that the document stays valid JSON for any parser; likewise with --print
d=$(mktemp -d) && f="$d/bad$(printf '\377')name.json" && cp data/your-journey.json "$f"
$BIN --json "$f" | iconv -f UTF-8 -t UTF-8 > /dev/null && echo utf-8
$BIN --json "$f" | grep -c '"file": ".*/bad\\\\xffname.json",$'
$BIN --json --print 'attn_weights[0, 0]' "$f" | iconv -f UTF-8 -t UTF-8 > /dev/null && echo utf-8
rm -rf "$d"
