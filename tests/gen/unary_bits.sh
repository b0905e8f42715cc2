#!/bin/sh
# unary_bits.sh - torch.log and torch.tanh of 8,000,000 floats (4,000,000 random
# bit patterns, 2,000,000 of randn * 5, 2,000,000 of rand * 100) from real
# PyTorch 1.13, against kernels/logsoftmax.c's tensor_logf and kernels/norm.c's
# tensor_tanh_array, bit for bit (NaNs as NaNs).  Needs /usr/bin/python3 with
# torch and numpy, and a build (make); prints "n=... log bad=0 tanh bad=0".
#     sh tests/gen/unary_bits.sh
set -e
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
OMP_NUM_THREADS=1 /usr/bin/python3 - "$tmp" <<'PY'
import sys, numpy as np, torch
d = sys.argv[1]
rng = np.random.default_rng(1)
bits = rng.integers(0, 2**32, size=4_000_000, dtype=np.uint64).astype(np.uint32)
x = torch.cat([torch.from_numpy(bits.view(np.float32).copy()), torch.randn(2_000_000) * 5, torch.rand(2_000_000) * 100])
x.numpy().tofile(d + "/x.bin")
torch.log(x).numpy().tofile(d + "/log.bin")
torch.tanh(x).numpy().tofile(d + "/tanh.bin")
PY
cat > "$tmp/cmp.c" <<'C'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
float tensor_logf(float x);
void tensor_tanh_array(float *y, const float *x, size_t n);
static float *
rd(const char *d, const char *f, size_t *n)
{
	char p[4096];
	FILE *fp;
	float *b;

	snprintf(p, sizeof p, "%s/%s", d, f);
	if ((fp = fopen(p, "rb")) == NULL)
		exit(2);
	fseek(fp, 0, SEEK_END);
	*n = (size_t)ftell(fp) / 4;
	rewind(fp);
	b = malloc(*n * 4);
	if (fread(b, 4, *n, fp) != *n)
		exit(2);
	fclose(fp);
	return b;
}
static int
differ(float a, float b)
{
	return memcmp(&a, &b, 4) != 0 && !(a != a && b != b);
}
int
main(int argc, char **argv)
{
	size_t n, i, bl = 0, bt = 0;
	float *x = rd(argv[1], "x.bin", &n), *l = rd(argv[1], "log.bin", &n), *t = rd(argv[1], "tanh.bin", &n);
	float *y = malloc(n * 4);

	(void)argc;
	for (i = 0; i < n; i++)
		if (differ(tensor_logf(x[i]), l[i]) && bl++ < 5)
			printf("log %a: %a, torch %a\n", x[i], tensor_logf(x[i]), l[i]);
	tensor_tanh_array(y, x, n);
	for (i = 0; i < n; i++)
		if (differ(y[i], t[i]) && bt++ < 5)
			printf("tanh %a: %a, torch %a\n", x[i], y[i], t[i]);
	printf("n=%zu log bad=%zu tanh bad=%zu\n", n, bl, bt);
	return bl + bt > 0;
}
C
cc -O2 -o "$tmp/cmp" "$tmp/cmp.c" src/kernels/*.o src/util/*.o -lm -lpthread
"$tmp/cmp" "$tmp"
