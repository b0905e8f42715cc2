# case.sh - the golden kind (tests/run.sh's case_run): attn-explain with
# --print of each line of NAME.print on NAME.json (data-X: data/X.json),
# stdout and stderr together against NAME.out (real PyTorch, tests/gen).
name=${CASE##*/}
case $name in
data-*) input=data/${name#data-}.json ;;
*) input=$CASE.json ;;
esac
set --
while IFS= read -r e; do set -- "$@" --print "$e"; done < "$CASE.print"
exec "$BIN" "$@" "$input" 2>&1
