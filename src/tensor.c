/* tensor.c - creating, copying and describing float32 tensors. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "tensor.h"

struct tensor *
tensor_new(int ndim, const int *shape)
{
	struct tensor *t;
	size_t numel = 1;
	int i;

	if (ndim < 0 || ndim > TENSOR_MAXDIM)
		return NULL;
	for (i = 0; i < ndim; i++) {
		if (shape[i] < 0)
			return NULL;
		if (shape[i] > 0 && numel > TENSOR_MAX_NUMEL / (size_t)shape[i])
			return NULL;
		numel *= (size_t)shape[i];
	}
	if (numel > TENSOR_MAX_NUMEL)
		return NULL;
	t = xcalloc(1, sizeof *t);
	t->ndim = ndim;
	for (i = 0; i < ndim; i++)
		t->shape[i] = shape[i];
	t->numel = numel;
	t->data = xcalloc(numel ? numel : 1, sizeof *t->data);
	return t;
}

struct tensor *
tensor_new2(int d0, int d1)
{
	int shape[2];

	shape[0] = d0;
	shape[1] = d1;
	return tensor_new(2, shape);
}

struct tensor *
tensor_copy(const struct tensor *t)
{
	struct tensor *c = tensor_new(t->ndim, t->shape);

	memcpy(c->data, t->data, t->numel * sizeof *t->data);
	c->grad_fn = t->grad_fn;
	c->requires_grad = t->requires_grad;
	c->parameter = t->parameter;
	return c;
}

void
tensor_free(struct tensor *t)
{
	if (t == NULL)
		return;
	free(t->data);
	free(t);
}

int
tensor_same_shape(const struct tensor *a, const struct tensor *b)
{
	int i;

	if (a->ndim != b->ndim)
		return 0;
	for (i = 0; i < a->ndim; i++)
		if (a->shape[i] != b->shape[i])
			return 0;
	return 1;
}

/* "(6, 2)"; a 1-d shape is "(6,)" as in Python. */
char *
tensor_shape_str(char *buf, size_t len, const struct tensor *t)
{
	size_t n = 0;
	int i;

	n += (size_t)snprintf(buf + n, len - n, "(");
	for (i = 0; i < t->ndim && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%d", i ? ", " : "", t->shape[i]);
	if (n < len)
		snprintf(buf + n, len - n, t->ndim == 1 ? ",)" : ")");
	return buf;
}

char *
tensor_size_str(char *buf, size_t len, const struct tensor *t)
{
	size_t n = 0;
	int i;

	n += (size_t)snprintf(buf + n, len - n, "torch.Size([");
	for (i = 0; i < t->ndim && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%d", i ? ", " : "", t->shape[i]);
	if (n < len)
		snprintf(buf + n, len - n, "])");
	return buf;
}

void
tensor_mm_nt(float *out, const float *a, const float *bt, int M, int N, int K)
{
	int i, j, k;

	for (i = 0; i < M; i++) {
		const float *a_i = a + (size_t)i * K;	/* (K,) */

		for (j = 0; j < N; j++) {
			const float *b_j = bt + (size_t)j * K;	/* (K,) */
			double acc = 0;

			for (k = 0; k < K; k++)
				acc += (double)a_i[k] * b_j[k];
			out[(size_t)i * N + j] = (float)acc;
		}
	}
}

void
tensor_transpose2(float *out, const float *in, int M, int N)
{
	int i, j;

	for (i = 0; i < M; i++)
		for (j = 0; j < N; j++)
			out[(size_t)j * M + i] = in[(size_t)i * N + j];
}

/*
 * As ATen's vectorised softmax over the last dimension: subtract the row
 * max, exp, sum, then multiply by the reciprocal of the sum.  A row of all
 * -inf gives NaN, as in PyTorch.
 */
void
tensor_softmax_rows(float *out, const float *in, size_t rows, int n)
{
	size_t r;
	int j;

	for (r = 0; r < rows; r++) {
		const float *x = in + r * (size_t)n;
		float *y = out + r * (size_t)n;
		float max = -INFINITY, sum = 0, inv;

		for (j = 0; j < n; j++) {
			if (isnan(x[j])) {
				max = x[j];
				break;
			}
			if (x[j] > max)
				max = x[j];
		}
		for (j = 0; j < n; j++) {
			y[j] = expf(x[j] - max);
			sum += y[j];
		}
		inv = 1 / sum;
		for (j = 0; j < n; j++)
			y[j] *= inv;
	}
}
