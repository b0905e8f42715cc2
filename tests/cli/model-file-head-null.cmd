# "head": null in an input file: no head selected, the same run as without --head (refused before)
$BIN tests/model/run-head-null.json --heatmap > "$TMP/hn1" && $BIN --model tests/model/tiny-f32 --tokens 5,17,2,99,3 --layer 1 --heatmap > "$TMP/hn2" && cmp "$TMP/hn1" "$TMP/hn2" && echo same
