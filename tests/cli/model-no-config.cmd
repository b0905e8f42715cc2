# a folder with the weights and the vocabulary but no config.json
B=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN"); mkdir -p "$TMP/noconf" && cp tests/model/tiny-f32/model.safetensors tests/model/tiny-f32/vocab.json tests/model/tiny-f32/merges.txt "$TMP/noconf/" && cd "$TMP" && "$B" --model noconf --text 'Your journey'
