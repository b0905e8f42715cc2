$BIN --model tests/model/no-such --tokens 1
