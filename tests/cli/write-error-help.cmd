$BIN --help > /dev/full
