# --run of a script that does not exist: the reader says why, nothing runs
$BIN --run tests/cli/no-such-script.py
