# every stage and weight, numbers from PyTorch (tests/gen/json_cases.py)
$BIN --json data/book-linear-789.json
