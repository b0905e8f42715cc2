$BIN --model tests/model/tiny-bad-llama --tokens 1
