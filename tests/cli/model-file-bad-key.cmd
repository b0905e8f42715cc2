$BIN tests/model/run-bad-key.json
