B=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN"); mkdir -p "$TMP/nosafe" && cp tests/model/tiny-f32/config.json "$TMP/nosafe/" && cd "$TMP" && "$B" --model nosafe --tokens 1
