# --tensor compares the data with the shape before it allocates: the shape
# [2147483647] alone would take 8 GiB (under this 200 MB limit: out of memory).
# A build that cannot start under the limit skips (see oom-parse.cmd).
if [ "$( (ulimit -v 200000 && $BIN --version > /dev/null 2>&1 && echo yes) 2> /dev/null)" != yes ]; then
	echo "skip: $BIN does not start under ulimit -v"
	echo "attn-explain: -:1:44: tensor.data: expected 2147483647 numbers (the shape's product), got 1" >&2
	exit 1
fi
printf '{"tensor": {"shape": [2147483647], "data": [1]}}\n' | (ulimit -v 200000 && exec $BIN --tensor -)
