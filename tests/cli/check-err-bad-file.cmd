$BIN --check tests/check/errors/ok-small.txt tests/errors/not-json.json
