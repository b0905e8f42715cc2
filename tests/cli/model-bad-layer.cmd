$BIN --model tests/model/tiny-f32 --tokens 1,2 --layer 2
