$BIN --version > /dev/full
