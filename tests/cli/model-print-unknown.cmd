$BIN --model tests/model/tiny-f32 --tokens 5,17,2 --print nosuch
