$BIN --model tests/model/fuzz-c1 --tokens 89,141,131 --layer 1 --why 'qkv[0, 2, 1]' --why 'output[0, 2, 0]' --why 'output[0, 0, 0]'
