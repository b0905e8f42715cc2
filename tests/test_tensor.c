/* test_tensor.c - the tensor type: shapes, limits, copies, kernels by hand arithmetic. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/tensor.h"
#include "test.h"

void
test_tensor(void)
{
	int shape[4] = { 2, 3, 4, 5 }, big[3] = { 1 << 20, 1 << 20, 4 }, neg = -1;
	struct tensor *t = tensor_new(4, shape), *c;
	char buf[64];
	float a[6] = { 1, 2, 3, 4, 5, 6 }, b[4] = { 1, 0.5f, 0, 0.25f };
	float out[6], in[3] = { 0, 0, -INFINITY }, sm[3];

	CHECK(t != NULL && t->numel == 120 && t->ndim == 4, "tensor_new(2,3,4,5)");
	CHECK(t->data[0] == 0 && t->data[119] == 0, "tensor_new zero-fills");
	CHECK(strcmp(tensor_shape_str(buf, sizeof buf, t), "(2, 3, 4, 5)") == 0, "shape str: %s", buf);
	CHECK(strcmp(tensor_size_str(buf, sizeof buf, t), "torch.Size([2, 3, 4, 5])") == 0, "size str: %s", buf);
	t->data[7] = 3.5f;
	t->grad_fn = "MmBackward0";
	c = tensor_copy(t);
	CHECK(c->data[7] == 3.5f && c->grad_fn == t->grad_fn && tensor_same_shape(c, t), "tensor_copy");
	tensor_free(c);
	tensor_free(t);
	tensor_free(NULL);
	CHECK(tensor_new(3, big) == NULL, "tensor_new refuses 2^42 elements");
	CHECK(tensor_new(1, &neg) == NULL, "tensor_new refuses a negative size");
	t = tensor_new(0, NULL);
	CHECK(t != NULL && t->numel == 1 && t->ndim == 0, "0-d tensor has one element");
	CHECK(strcmp(tensor_size_str(buf, sizeof buf, t), "torch.Size([])") == 0, "0-d size: %s", buf);
	tensor_free(t);
	shape[0] = 0;
	t = tensor_new(2, shape);
	CHECK(t != NULL && t->numel == 0, "empty tensor");
	tensor_free(t);

	/* (3, 2) @ (2, 2) by hand: rows [1,2],[3,4],[5,6] times [[1,0.5],[0,0.25]] */
	tensor_mm(out, a, b, 3, 2, 2);
	CHECK(out[0] == 1 && out[1] == 1 && out[2] == 3 && out[3] == 2.5f && out[4] == 5 && out[5] == 4,
	    "mm by hand: %g %g %g %g %g %g", out[0], out[1], out[2], out[3], out[4], out[5]);
	tensor_transpose2(out, a, 2, 3);
	CHECK(out[0] == 1 && out[1] == 4 && out[2] == 2 && out[5] == 6, "transpose2");
	/* softmax([0, 0, -inf]) = [0.5, 0.5, 0] exactly */
	tensor_softmax_rows(sm, in, 1, 3);
	CHECK(sm[0] == 0.5f && sm[1] == 0.5f && sm[2] == 0, "softmax with -inf: %g %g %g", sm[0], sm[1], sm[2]);
	in[2] = NAN;
	tensor_softmax_rows(sm, in, 1, 3);
	CHECK(isnan(sm[0]) && isnan(sm[2]), "softmax of a row with NaN is NaN");
}

/* Parse "%08x %08x ..." into floats; returns the count. */
static size_t
hex_floats(const char *s, float *out, size_t cap)
{
	size_t n = 0;
	char *end;

	while (n < cap) {
		unsigned long u = strtoul(s, &end, 16);
		uint32_t u32 = (uint32_t)u;

		if (end == s)
			break;
		memcpy(&out[n++], &u32, sizeof(float));
		s = end;
	}
	return n;
}

static int
same_bits(float a, float b)
{
	return memcmp(&a, &b, sizeof a) == 0 || (isnan(a) && isnan(b));
}

/* tests/kernel-cases.txt: torch.exp, torch.softmax, torch.sum from PyTorch 1.13, bit for bit. */
void
test_kernels(void)
{
	FILE *fp = fopen("tests/kernel-cases.txt", "r");
	char *line = NULL, *want = NULL, op[16];
	size_t cap = 0, wcap = 0, n, i;
	float *x = malloc(200000 * sizeof *x), *w = malloc(200000 * sizeof *w), *y = malloc(200000 * sizeof *y);
	int cases = 0, len;

	CHECK(fp != NULL, "cannot open tests/kernel-cases.txt");
	while (fp != NULL && getline(&line, &cap, fp) > 0 && getline(&want, &wcap, fp) > 0) {
		if (sscanf(line, "%15s %zu %n", op, &n, &len) != 2 || n > 200000)
			break;
		hex_floats(line + len, x, n);
		cases++;
		if (strcmp(op, "exp") == 0) {
			size_t bad = 0;

			hex_floats(want + 2, w, n);
			for (i = 0; i < n; i++)
				bad += !same_bits(tensor_expf(x[i]), w[i]);
			CHECK(bad == 0, "exp: %zu of %zu values differ from torch.exp", bad, n);
		} else if (strcmp(op, "softmax") == 0) {
			size_t bad = 0;

			hex_floats(want + 2, w, n);
			tensor_softmax_rows(y, x, 1, (int)n);
			for (i = 0; i < n; i++)
				bad += !same_bits(y[i], w[i]);
			CHECK(bad == 0, "softmax of %zu: %zu values differ from torch.softmax", n, bad);
		} else if (strcmp(op, "sum") == 0) {
			float s;

			hex_floats(want + 2, w, 1);
			s = tensor_sum(x, n);
			CHECK(same_bits(s, w[0]), "sum of %zu: got %.9g, torch.sum gives %.9g", n, s, w[0]);
		}
	}
	CHECK(cases == 1 + 51 + 27, "kernel-cases.txt: %d cases", cases);
	free(line);
	free(want);
	free(x);
	free(w);
	free(y);
	if (fp != NULL)
		fclose(fp);
}
