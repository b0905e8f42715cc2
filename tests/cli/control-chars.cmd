# Control characters in a file name or an expression are escaped: every
# diagnostic stays one line and writes no terminal escape (ESC is \x1b).
$BIN "$(printf 'no\nsuch\033[2J\302\233.json')"
$BIN --print "$(printf 'attn_weights[0\n\033[2J')" data/your-journey.json
