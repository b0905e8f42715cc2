$BIN --seed 123 --print W_query data/book-rand-123.json
