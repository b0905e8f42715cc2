$BIN -i -
