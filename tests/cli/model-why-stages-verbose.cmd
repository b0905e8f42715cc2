$BIN --model tests/model/tiny-wide-f16 --text 'Your journey starts with one step' --layer 1 -v --why 'token_ids[0, 2]' --why 'qkv[0, 5, 0]' --why 'output[0, 0, 9]' --why 'ln_1[0, 4, 6]'
