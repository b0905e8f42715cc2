/* test_tensor.c - the tensor type: shapes, limits, copies, kernels by hand arithmetic. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/kernels/tensor.h"
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
	tensor_linear(out, a, b, NULL, 3, 2, 2, 0);
	CHECK(out[0] == 1 && out[1] == 1 && out[2] == 3 && out[3] == 2.5f && out[4] == 5 && out[5] == 4,
	    "mm by hand: %g %g %g %g %g %g", out[0], out[1], out[2], out[3], out[4], out[5]);
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

/* "mm M N K a b" / "mm_nt M N K a bt" and the product PyTorch printed, bit for bit. */
static void
check_mm(const char *op, int M, int N, int K, const char *args, const char *want, float *x, float *w, float *y)
{
	size_t i, bad = 0, mn = (size_t)M * N;

	hex_floats(args, x, (size_t)M * K + (size_t)K * N);
	hex_floats(want, w, mn);
	tensor_linear(y, x, x + (size_t)M * K, NULL, M, N, K, strcmp(op, "mm_nt") == 0);
	for (i = 0; i < mn; i++)
		bad += !same_bits(y[i], w[i]);
	CHECK(bad == 0, "%s %dx%dx%d: %zu of %zu values differ from torch", op, M, N, K, bad, mn);
}

/*
 * Products too large for the PyTorch file, through every path of the
 * kernel (tiles, tails, depth passes, two threads, batches, b transposed),
 * against the order PyTorch's gemm uses: for each output, a sequential
 * float32 sum of rounded products.
 */
void
test_mm_order(void)
{
	static const int shapes[][4] = {	/* batch, M, N, K */
		{ 1, 1600, 96, 520 }, { 1, 37, 531, 300 }, { 3, 50, 70, 300 }, { 128, 10, 10, 64 },
		{ 2, 301, 33, 17 }, { 5, 1, 1, 1000 },
	};
	size_t s;
	int trans;
	uint32_t seed = 12345;

	for (s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
		int B = shapes[s][0], M = shapes[s][1], N = shapes[s][2], K = shapes[s][3], b, i, j, k;
		size_t na = (size_t)B * M * K, nb = (size_t)B * K * N, nc = (size_t)B * M * N, q;
		float *a = malloc(na * sizeof *a), *bm = malloc(nb * sizeof *bm), *c = malloc(nc * sizeof *c);

		for (q = 0; q < na; q++)
			a[q] = (float)((seed = seed * 1103515245u + 12345u) >> 8) / 16777216.0f - 0.5f;
		for (q = 0; q < nb; q++)
			bm[q] = (float)((seed = seed * 1103515245u + 12345u) >> 8) / 16777216.0f - 0.5f;
		for (trans = 0; trans < 2; trans++) {
			size_t bad = 0;

			tensor_mm_batch(c, a, bm, B, M, N, K, (size_t)M * K, (size_t)K * N, (size_t)M * N, trans);
			for (b = 0; b < B; b++)
				for (i = 0; i < M; i++)
					for (j = 0; j < N; j++) {
						const float *ab = a + (size_t)b * M * K, *bb = bm + (size_t)b * K * N;
						float acc = 0;

						for (k = 0; k < K; k++) {
							float p = ab[(size_t)i * K + k] *
							    (trans ? bb[(size_t)j * K + k] : bb[(size_t)k * N + j]);

							acc += p;
						}
						bad += !same_bits(acc, c[((size_t)b * M + i) * N + j]);
						/* why's one-output form of the same order */
						bad += !same_bits(tensor_dot(ab + (size_t)i * K, 1,
						    trans ? bb + (size_t)j * K : bb + j, trans ? 1 : (size_t)N, K, NULL, NULL),
						    c[((size_t)b * M + i) * N + j]);
					}
			CHECK(bad == 0, "mm batch %d %dx%dx%d trans_b %d: %zu of %zu outputs out of order",
			    B, M, N, K, trans, bad, nc);
		}
		free(a);
		free(bm);
		free(c);
	}
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
		if (strncmp(line, "mm", 2) == 0) {
			int M, N, K;

			if (sscanf(line, "%15s %d %d %d %n", op, &M, &N, &K, &len) != 4 ||
			    (size_t)M * K + (size_t)K * N > 200000 || (size_t)M * N > 200000)
				break;
			cases++;
			check_mm(op, M, N, K, line + len, want + 2, x, w, y);
			continue;
		}
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
	CHECK(cases == 1 + 51 + 27 + 14, "kernel-cases.txt: %d cases", cases);
	free(line);
	free(want);
	free(x);
	free(w);
	free(y);
	if (fp != NULL)
		fclose(fp);
}

/*
 * tensor_tanh_array (8 lanes where the CPU has AVX2 and FMA) and
 * tensor_gelu_new against tensor_tanhf one float at a time, bit for bit:
 * every 4099th of the 2^32 float patterns (NaNs, infinities, subnormals,
 * both signs) and the edges (zeros, SLEEF's cut-off 8.664339742 and its
 * neighbours).  The full 2^32 were compared once when the lanes came in.
 */
void
test_tanh_lanes(void)
{
	static const uint32_t edges[] = { 0, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00001u, 0xffa00000u,
		0x410aa0e7u, 0x410aa0e8u, 0x410aa0e9u, 0xc10aa0e8u, 0x00000001u, 0x807fffffu, 0x3f800000u, 0xc2d00000u };
	size_t n = ((size_t)1 << 20) + 5, i, bad = 0, badg = 0;
	float *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y), *g = malloc(n * sizeof *g);
	const float k = (float)0.7978845608028654, c = (float)0.044715;

	for (i = 0; i < n; i++) {
		uint32_t u = i < sizeof edges / sizeof edges[0] ? edges[i] : (uint32_t)(i * 4099u + 17u);

		memcpy(x + i, &u, sizeof u);
	}
	tensor_tanh_array(y, x, n);
	tensor_gelu_new(g, x, n);
	for (i = 0; i < n; i++) {
		float t = tensor_tanhf(x[i]), v = x[i], cube = v * v * v, inner = k * (v + c * cube);
		float gg = (0.5f * v) * (1.0f + tensor_tanhf(inner));

		bad += memcmp(&t, y + i, sizeof t) != 0;
		badg += memcmp(&gg, g + i, sizeof gg) != 0;
	}
	CHECK(bad == 0, "tanh 8 lanes: %zu of %zu floats differ from the one-lane tanh", bad, n);
	CHECK(badg == 0, "gelu_new: %zu of %zu floats differ from its steps with the one-lane tanh", badg, n);
	free(x);
	free(y);
	free(g);
}
