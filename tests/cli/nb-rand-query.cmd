$BIN --print 'queries[1]' data/book-rand-123.json
