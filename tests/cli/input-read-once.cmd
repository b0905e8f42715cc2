# an input file is read once (src/pipeline/infile.c): a named pipe gives its text only once
f=$TMP/once-$$.json; mkfifo "$f"; cat data/your-journey.json > "$f" & timeout 20 $BIN --print attn_weights "$f" > "$TMP/pipe.out"; s=$?; rm -f "$f"; $BIN --print attn_weights data/your-journey.json > "$TMP/file.out"; cmp "$TMP/file.out" "$TMP/pipe.out" && echo "toy input: same as from the file"; [ $s = 0 ]
