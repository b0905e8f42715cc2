/*
 * lib_split.c - a tensor in pieces: x.split(n | sizes, dim),
 * x.chunk(n, dim), x.unbind(dim) and their torch. mirrors, each a tuple
 * of views of x (nanoGPT's `q, k, v = self.c_attn(x).split(n_embd,
 * dim=2)`).  The pieces are cut as ATen 1.13 cuts them (split's last
 * piece the remainder, chunk's size the ceiling of size/chunks), with its
 * messages and grad_fn (SplitBackward0, SplitWithSizesBackward0,
 * UnbindBackward0).
 */
#include <stdlib.h>
#include <string.h>

#include "lib.h"

/* the views of x along dim of the sizes len[0..n), each a tuple item; NULL after an error */
static struct pyobj *
pieces(struct py_session *s, struct pyobj *x, int dim, const long long *len, long long n, const char *grad)
{
	const struct pytensor *t = &x->u.t;
	struct pyobj *r;
	int shape[TENSOR_MAXDIM];
	long long at = 0, i;

	r = py_seq(PY_TUPLE, (int)n);
	memcpy(shape, t->shape, sizeof shape);
	for (i = 0; i < n; i++) {
		shape[dim] = (int)len[i];
		r->u.seq.v[i] = op_view_as(s, x, t->ndim, shape, t->stride, t->offset + at * t->stride[dim], grad);
		at += len[i];
	}
	return r;
}

/* split(x, size, dim): pieces of size, the last what is left (one empty piece of an empty dim) */
static struct pyobj *
split_even(struct py_session *s, struct pyobj *x, long long size, int dim)
{
	long long n = 1, i, *len, total = x->u.t.shape[dim];
	struct pyobj *r;

	if (size < 0)
		return py_fail(s, "split expects split_size be non-negative, but got split_size=%lld", size);
	if (size == 0 && total != 0)
		return py_fail(s, "split_size can only be 0 if dimension size is 0, but got dimension size of %lld", total);
	if (size != 0)
		n = (total + size - 1) / size > 1 ? (total + size - 1) / size : 1;
	len = xmalloc((size_t)n * sizeof *len);
	for (i = 0; i < n; i++)
		len[i] = size;
	len[n - 1] = size - (size * n - total);
	r = pieces(s, x, dim, len, n, "SplitBackward0");
	free(len);
	return r;
}

/* split_with_sizes(x, sizes, dim): the sizes given, which must add up to the dim's */
static struct pyobj *
split_sizes(struct py_session *s, struct pyobj *x, const struct pyobj *sizes, int dim)
{
	long long *len, total = x->u.t.shape[dim], sum = 0;
	int i, n = sizes->u.seq.n, neg = 0;
	struct sbuf b = { 0 };
	struct pyobj *r;

	len = xmalloc((size_t)(n ? n : 1) * sizeof *len);
	for (i = 0; i < n; i++) {
		const struct pyobj *o = sizes->u.seq.v[i];

		if (o->type == PY_BOOL || !pyt_int_like(o, &len[i])) {	/* PyTorch's two texts, as it words them */
			free(len);
			if (o->type == PY_BOOL)
				return py_fail(s, "split_with_sizes(): argument 'split_sizes' (position 2) must be tuple "
				    "of ints, not %s", py_type_name(sizes));
			return py_fail(s, "split_with_sizes(): argument 'split_sizes' must be tuple of ints, but found "
			    "element of type %s at pos %d", py_type_name(o), i + 1);
		}
		neg |= len[i] < 0;
		sum += len[i];
	}
	if (!neg && sum == total) {
		r = pieces(s, x, dim, len, n, "SplitWithSizesBackward0");
		free(len);
		return r;
	}
	sbuf_addc(&b, '[');
	for (i = 0; i < n; i++)
		sbuf_addf(&b, "%s%lld", i ? ", " : "", len[i]);
	sbuf_addc(&b, ']');
	r = neg ? py_fail(s, "split_with_sizes expects split_sizes have only non-negative entries, but got "
	    "split_sizes=%s", b.s) :
	    py_fail(s, "split_with_sizes expects split_sizes to sum exactly to %lld (input tensor's size at "
	    "dimension %d), but got split_sizes=%s", total, dim, b.s);
	free(b.s);
	free(len);
	return r;
}

/* the dim argument o (absent or None: 0), wrapped; -1 after the error (a 0-dim x has none) */
static int
piece_dim(struct py_session *s, struct pyobj *x, struct pyobj *o, int *dim)
{
	long long k = 0;

	if (x->u.t.ndim == 0 && (o == NULL || o->type == PY_NONE || (o->type != PY_BOOL && pyt_int_like(o, &k)))) {
		py_fail(s, "IndexError: Dimension specified as %lld but tensor has no dimensions", k);
		return -1;
	}
	if (o == NULL || o->type == PY_NONE) {
		*dim = 0;
		return 0;
	}
	return py_to_dim(s, o, x->u.t.ndim, dim);
}

/* x.split(split_size, dim=0), torch.split(tensor, split_size_or_sections, dim=0): an int or sizes */
static struct pyobj *
method_split(struct py_session *s, const struct builtin *b, struct pyobj *x, struct pyobj **a)
{
	struct pyobj *size;
	long long k;
	int dim;

	if (b->op) {	/* torch.split: torch/functional.py calls tensor.split(...) */
		if (a[0]->type != PY_TENSOR)
			return py_fail(s, "'%s' object has no attribute 'split'", py_type_name(a[0]));
		x = a[0];
		a++;
	}
	size = a[0];
	if (x->u.t.ndim == 0)
		return py_fail(s, "split expects at least a 1-dimensional tensor");
	if (piece_dim(s, x, a[1], &dim) != 0)
		return NULL;
	if (size->type == PY_INT || size->type == PY_BOOL || (size->type == PY_TENSOR && pyt_int_like(size, &k)))
		return py_to_long(s, size, "split(): argument 'split_size'", &k) != 0 ? NULL : split_even(s, x, k, dim);
	if (size->type != PY_LIST && size->type != PY_TUPLE && size->type != PY_SIZE)
		return py_fail(s, "split_with_sizes(): argument 'split_sizes' (position 2) must be tuple of ints, not %s",
		    py_type_name(size));
	return split_sizes(s, x, size, dim);
}

/* x.chunk(chunks, dim=0): split by the ceiling of size/chunks; an empty dim in chunks empty pieces */
static struct pyobj *
method_chunk(struct py_session *s, const struct builtin *b, struct pyobj *x, struct pyobj **a)
{
	long long chunks, size, total, *len, i;
	struct pyobj *r;
	int dim;

	if (a[0]->type == PY_BOOL || !pyt_int_like(a[0], &chunks))
		return py_fail(s, "chunk(): argument 'chunks' (position %d) must be int, not %s",
		    1 + ((b->flags & LIB_SELF_FIRST) != 0), py_type_name(a[0]));
	if (x->u.t.ndim == 0)
		return py_fail(s, "chunk expects at least a 1-dimensional tensor");
	if (chunks <= 0)
		return py_fail(s, "chunk expects `chunks` to be greater than 0, got: %lld", chunks);
	if (piece_dim(s, x, a[1], &dim) != 0)
		return NULL;
	total = x->u.t.shape[dim];
	size = (total + chunks - 1) / chunks;
	if (size != 0 || total != 0)
		return split_even(s, x, size, dim);
	len = xmalloc((size_t)chunks * sizeof *len);
	for (i = 0; i < chunks; i++)
		len[i] = 0;
	r = pieces(s, x, dim, len, chunks, "SplitWithSizesBackward0");
	free(len);
	return r;
}

/* x.unbind(dim=0): x[..., i, ...] for each i along dim */
static struct pyobj *
method_unbind(struct py_session *s, const struct builtin *b, struct pyobj *x, struct pyobj **a)
{
	const struct pytensor *t = &x->u.t;
	int shape[TENSOR_MAXDIM], dim, d, i, n;
	long long stride[TENSOR_MAXDIM];
	struct pyobj *r;

	(void)b;
	if (piece_dim(s, x, a[0], &dim) != 0)
		return NULL;
	for (d = n = 0; d < t->ndim; d++)
		if (d != dim) {
			shape[n] = t->shape[d];
			stride[n++] = t->stride[d];
		}
	r = py_seq(PY_TUPLE, t->shape[dim]);
	for (i = 0; i < t->shape[dim]; i++)
		r->u.seq.v[i] = op_view_as(s, x, n, shape, stride, t->offset + i * t->stride[dim], "UnbindBackward0");
	return r;
}

const struct builtin lib_split_rows[] = {
	LIB_NS("Tensor"),
	{ "split", method_split, 0, "[def Tensor.split] split_size, dim=0", LIB_F64 },
	{ "chunk", method_chunk, 0, "chunks, dim=0", LIB_F64 },
	{ "unbind", method_unbind, 0, "dim=0 | dim", LIB_F64 },
	LIB_NS("torch"),
	{ "split", method_split, 1, "[def split] tensor, split_size_or_sections, dim=0", LIB_F64 },
	{ "chunk", method_chunk, 0, "chunks, dim=0", LIB_SELF_FIRST | LIB_VF | LIB_F64 },
	{ "unbind", method_unbind, 0, "dim=0 | dim", LIB_SELF_FIRST | LIB_VF | LIB_F64 },
	LIB_END
};
