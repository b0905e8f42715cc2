# issue 24 item 15: no mistake's text ends in "))" when check puts it in parentheses
$BIN --check tests/check/cases/batched-mh-heads-not-transposed.0.txt data/batched-multihead.json |
    sed -n 's/.*mistake: heads-not-transposed (//p' | sort -u
