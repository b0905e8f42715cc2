# "head" in an input file: a whole number or null, nothing else (a string is not read as a number)
$BIN tests/model/run-head-bad.json
