/*
 * test_reduce.c - tensor_sum_view and tensor_var_view on strided views,
 * against torch 1.13's sum, mean and var (tests/reduce-cases.txt, written
 * by tests/gen/reductions.py).  A line holds
 *   OP NDIM SIZES... STRIDES... OFFSET DIMS KEEPDIM N STORAGE...
 * with DIMS a bit set, and the next line "= M RESULT..." in float32 bits.
 */
#define _GNU_SOURCE		/* getline */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/kernels/tensor.h"
#include "test.h"

/* n floats written as 8 hex digits each; how many were read */
static size_t
read_hex(char **p, float *out, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		char *end;
		uint32_t u = (uint32_t)strtoul(*p, &end, 16);

		if (end == *p)
			break;
		memcpy(&out[i], &u, sizeof u);
		*p = end;
	}
	return i;
}

/* one case; 0 when the line does not parse */
static int
one_case(char *line, char *want)
{
	struct tensor_view v;
	char op[8], *p = line;
	long long off;
	unsigned dims;
	int keep, d, len, ok = 1;
	size_t n, m, i, count = 1, bad = 0;
	float *st, *w, *got;

	if (sscanf(p, "%7s %d %n", op, &v.ndim, &len) != 2 || v.ndim < 0 || v.ndim > TENSOR_MAXDIM)
		return 0;
	p += len;
	v.numel = 1;
	for (d = 0; d < v.ndim; d++) {
		v.shape[d] = (int)strtol(p, &p, 10);
		v.numel *= (size_t)v.shape[d];
	}
	for (d = 0; d < v.ndim; d++)
		v.stride[d] = strtoll(p, &p, 10);
	if (sscanf(p, "%lld %u %d %zu %n", &off, &dims, &keep, &n, &len) != 4 || n > 10000000)
		return 0;
	p += len;
	st = malloc((n + 1) * sizeof *st);
	if (read_hex(&p, st, n) != n || sscanf(want, "= %zu %n", &m, &len) != 1 || m > v.numel) {
		free(st);
		return 0;
	}
	want += len;
	w = malloc((m + 1) * sizeof *w);
	got = malloc((m + 1) * sizeof *got);
	if (read_hex(&want, w, m) != m)
		ok = 0;
	v.data = st + off;
	v.data64 = NULL;	/* a float32 view */
	for (d = 0; d < v.ndim; d++)
		if (dims >> d & 1)
			count *= (size_t)v.shape[d];
	if (strcmp(op, "sum") == 0 || strcmp(op, "mean") == 0) {
		tensor_sum_view(got, &v, dims, keep);
		for (i = 0; op[0] == 'm' && i < m; i++)
			got[i] /= (float)count;
	} else {
		tensor_var_view(got, &v, dims, keep, strcmp(op, "var") == 0);
	}
	for (i = 0; ok && i < m; i++)
		bad += memcmp(&got[i], &w[i], sizeof got[i]) != 0 && !(got[i] != got[i] && w[i] != w[i]);
	CHECK(bad == 0, "reduce-cases: %s over dims %#x of a %d-d view: %zu of %zu values differ from torch",
	    op, dims, v.ndim, bad, m);
	free(st);
	free(w);
	free(got);
	return ok;
}

void
test_reduce(void)
{
	FILE *fp = fopen("tests/reduce-cases.txt", "r");
	char *line = NULL, *want = NULL;
	size_t cap = 0, wcap = 0;
	int cases = 0;

	CHECK(fp != NULL, "cannot open tests/reduce-cases.txt");
	while (fp != NULL && getline(&line, &cap, fp) > 0 && getline(&want, &wcap, fp) > 0) {
		if (!one_case(line, want))
			break;
		cases++;
	}
	CHECK(cases == 702, "reduce-cases.txt: %d cases read", cases);
	free(line);
	free(want);
	if (fp != NULL)
		fclose(fp);
}
