# save -f to a FIFO that no program reads waited forever (the REPL hung): it fails at once with one
# line, and the session goes on; the same FIFO with a reader (fd 3, opened first) gets the settings
d=$(mktemp -d) && mkfifo "$d/fifo"
printf 'save -f %s\nsave -f --ipynb %s\nprint(1 + 1)\n' "$d/fifo" "$d/fifo" |
    timeout 20 $BIN -i data/your-journey.json > "$d/out" 2> "$d/err"
sed "s#$d#DIR#g" "$d/err" >&2
tail -n 2 "$d/out"
exec 3<> "$d/fifo"
printf 'save -f %s\n' "$d/fifo" | timeout 20 $BIN -i data/your-journey.json > /dev/null 2>&1
dd bs=65536 count=1 iflag=nonblock <&3 2> /dev/null | grep -c '"tokens":'
exec 3<&-
rm -rf "$d"
