$BIN --model tests/model/tiny-wide-f16 --text 'Your journey starts with one step' --layer 0 --print 'keys_heads[0, 1]' --print 'output[0, -1]'
