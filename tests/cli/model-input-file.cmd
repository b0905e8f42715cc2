$BIN tests/model/run-tiny-f32.json
