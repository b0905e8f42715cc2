# two --why in one run print what two runs print, a blank line between; one bad --why prints nothing
t=${TMPDIR:-/tmp}/why-two.$$
{ $BIN --depth 2 --why 'attn_weights[1, 0]' data/your-journey.json; echo; $BIN --depth 2 --why 'keys[0, 1]' data/your-journey.json; } > $t.a
$BIN --depth 2 --why 'attn_weights[1, 0]' --why 'keys[0, 1]' data/your-journey.json > $t.b
cmp $t.a $t.b && echo same
rm -f $t.a $t.b
