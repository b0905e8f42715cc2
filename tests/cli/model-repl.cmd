printf 'attn_weights[0, 1]\nset layer 0\nset head 5\nattn_weights[0, 1].sum()\nset tokens 5,17\nkeys\nquit\n' | $BIN -i --model tests/model/tiny-f32 --tokens 5,17,2,99,3 --layer 1
