# every stage and weight, numbers from PyTorch (tests/gen/json_cases.py)
$BIN --json tests/golden/dropout-0.5-seeded-linear-bias-stacked.json
