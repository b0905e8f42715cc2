# a download cut short: the header is whole, the data ends early
B=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN"); mkdir -p "$TMP/cut" && cp tests/model/tiny-f32/config.json "$TMP/cut/" && head -c 12000 tests/model/tiny-f32/model.safetensors > "$TMP/cut/model.safetensors" && cd "$TMP" && "$B" --model cut --tokens 1
