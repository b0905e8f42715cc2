$BIN --version
