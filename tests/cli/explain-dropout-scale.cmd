# issue 24 item 13: the dropped_weights text says why kept weights are 2.0000 at p = 0.5, without --all
$BIN --explain data/book-causal-dropout.json | sed -n "/^\[10\/11\]/,/>>>/p"
