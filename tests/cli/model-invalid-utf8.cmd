$BIN --model tests/model/tiny-f32 --text "$(printf 'caf\377!')"
