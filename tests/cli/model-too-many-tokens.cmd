$BIN --model tests/model/tiny-f32 --tokens 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17
