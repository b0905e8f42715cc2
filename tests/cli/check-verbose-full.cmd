# issue 24 item 28: a write error is status 1, even when --check found a difference
$BIN -v --check tests/check/cases/causal-dropout-dropout-not-scaled.0.txt data/book-causal-dropout.json > /dev/full
