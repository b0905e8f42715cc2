$BIN --model tests/model/tiny-f32
