# --run of a pipe: the reader takes what the pipe gives, to its end
printf 'x = 6\nprint(x * 7)\n' | $BIN --run /dev/stdin
