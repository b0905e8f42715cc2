printf '{"inputs": [[2]]}' | $BIN --json -
