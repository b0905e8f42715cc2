printf '{"inputs": {"randn": [4, 8, 2]}, "seed": 1337}' | $BIN --print 'inputs[0]' -
