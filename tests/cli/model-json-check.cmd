$BIN --model tests/model/tiny-f32 --tokens 5,17,2,99,3 --layer 1 --json | $BIN --model tests/model/tiny-f32 --tokens 5,17,2,99,3 --layer 1 --check -
