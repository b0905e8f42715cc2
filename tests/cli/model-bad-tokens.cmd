$BIN --model tests/model/tiny-f32 --tokens 1,x
