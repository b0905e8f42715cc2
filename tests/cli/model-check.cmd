$BIN --model tests/model/tiny-f32 --tokens 5,17,2,99,3 --layer 1 --check tests/model/theirs-tiny-f32.txt
