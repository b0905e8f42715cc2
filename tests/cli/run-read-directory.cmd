# --run of a folder: the reader cannot read it
$BIN --run tests/cli
