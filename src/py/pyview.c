/*
 * pyview.c - views and indexing with PyTorch 1.13's semantics: the sizes,
 * strides and offset ATen gives each view (transpose, permute, view and
 * reshape's computeStride, unsqueeze, squeeze, select, slice), the layout
 * of copies (preserve_format, channels-last), x[...] and x[...] = v with
 * PyTorch's rules and messages, and autograd's marks on views written in
 * place.
 */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pyint.h"

#define TOO_BIG "the result is too large (more than %zu elements)"

/* ---- views ---- */

struct pyobj *
op_transpose(struct py_session *s, struct pyobj *x, int a, int b, const char *grad)
{
	int shape[TENSOR_MAXDIM], d;
	long long stride[TENSOR_MAXDIM];
	const struct pytensor *t = &x->u.t;

	for (d = 0; d < t->ndim; d++) {
		shape[d] = t->shape[d];
		stride[d] = t->stride[d];
	}
	if (t->ndim > 0) {
		shape[a] = t->shape[b];
		shape[b] = t->shape[a];
		stride[a] = t->stride[b];
		stride[b] = t->stride[a];
	}
	return op_view_as(s, x, t->ndim, shape, stride, t->offset, grad);
}

struct pyobj *
op_permute(struct py_session *s, struct pyobj *x, const int *perm)
{
	int shape[TENSOR_MAXDIM], d;
	long long stride[TENSOR_MAXDIM];
	const struct pytensor *t = &x->u.t;

	for (d = 0; d < t->ndim; d++) {
		shape[d] = t->shape[perm[d]];
		stride[d] = t->stride[perm[d]];
	}
	return op_view_as(s, x, t->ndim, shape, stride, t->offset, "PermuteBackward0");
}

/* computeStride (TensorUtils.cpp): the strides of a view of new shape, or 0 when none exists */
static int
compute_stride(const struct pytensor *t, int nd, const int *shape, long long *out)
{
	long long chunk_base, tensor_numel = 1, view_numel = 1;
	int view_d = nd - 1, td, d;

	if (t->ndim == 0) {
		for (d = 0; d < nd; d++)
			out[d] = 1;
		return 1;
	}
	if (t->numel == 0) {
		int same = t->ndim == nd;

		for (d = 0; same && d < nd; d++)
			same = t->shape[d] == shape[d];
		if (same) {
			for (d = 0; d < nd; d++)
				out[d] = t->stride[d];
			return 1;
		}
		for (d = nd - 1; d >= 0; d--)
			out[d] = d == nd - 1 ? 1 : (shape[d + 1] > 1 ? shape[d + 1] : 1) * out[d + 1];
		return 1;
	}
	chunk_base = t->stride[t->ndim - 1];
	for (td = t->ndim - 1; td >= 0; td--) {
		tensor_numel *= t->shape[td];
		if (td == 0 || (t->shape[td - 1] != 1 && t->stride[td - 1] != tensor_numel * chunk_base)) {
			while (view_d >= 0 && (view_numel < tensor_numel || shape[view_d] == 1)) {
				out[view_d] = view_numel * chunk_base;
				view_numel *= shape[view_d];
				view_d--;
			}
			if (view_numel != tensor_numel)
				return 0;
			if (td > 0) {
				chunk_base = t->stride[td - 1];
				tensor_numel = 1;
				view_numel = 1;
			}
		}
	}
	return view_d == -1;
}

/* x.view(shape) (view: 1) or x.reshape(shape); shape may hold one -1 */
struct pyobj *
op_reshape(struct py_session *s, struct pyobj *x, int nd, const int *shape_in, int view)
{
	const struct pytensor *t = &x->u.t;
	int shape[TENSOR_MAXDIM], d, infer = -1;
	long long stride[TENSOR_MAXDIM], known = 1;

	for (d = 0; d < nd; d++) {
		shape[d] = shape_in[d];
		if (shape[d] == -1)
			infer = d;
		else
			known *= shape[d];
	}
	if (infer >= 0) {
		if (known == 0 || (long long)t->numel % known != 0) {
			char buf[160];

			pyt_shape_text(buf, sizeof buf, nd, shape_in);
			return py_fail(s, "shape '[%s]' is invalid for input of size %zu", buf, t->numel);
		}
		shape[infer] = (int)((long long)t->numel / known);
		known *= shape[infer];
	}
	if ((size_t)known != t->numel) {
		char buf[160];

		pyt_shape_text(buf, sizeof buf, nd, shape_in);
		return py_fail(s, "shape '[%s]' is invalid for input of size %zu", buf, t->numel);
	}
	if (compute_stride(t, nd, shape, stride))
		return op_view_as(s, x, nd, shape, stride, t->offset, view ? "ViewBackward0" : "ReshapeAliasBackward0");
	if (view)
		return py_fail(s, "view size is not compatible with input tensor's size and stride (at least one "
		    "dimension spans across two contiguous subspaces). Use .reshape(...) instead.");
	{	/* a copy: _unsafe_view(clone(contiguous)) */
		struct pyobj *c = pyt_contig(s, x), *y;

		if (c == NULL)
			return NULL;
		pyt_contiguous_strides(stride, nd, shape);
		y = pyt_new(c->u.t.st, nd, shape, stride, 0);
		c->u.t.st->refs++;
		py_decref(c);
		return pyt_derived(y, x, "UnsafeViewBackward0");
	}
}

struct pyobj *
op_unsqueeze(struct py_session *s, struct pyobj *x, int d)
{
	const struct pytensor *t = &x->u.t;
	int shape[TENSOR_MAXDIM], k, j = 0;
	long long stride[TENSOR_MAXDIM];

	if (t->ndim >= TENSOR_MAXDIM)
		return py_fail(s, "at most %d dimensions are supported", TENSOR_MAXDIM);
	for (k = 0; k <= t->ndim; k++) {
		if (k == d) {
			shape[k] = 1;
			stride[k] = d >= t->ndim ? 1 : (long long)t->shape[d] * t->stride[d];
		} else {
			shape[k] = t->shape[j];
			stride[k] = t->stride[j];
			j++;
		}
	}
	return op_view_as(s, x, t->ndim + 1, shape, stride, t->offset, "UnsqueezeBackward0");
}

struct pyobj *
op_squeeze(struct py_session *s, struct pyobj *x, int dim)
{
	const struct pytensor *t = &x->u.t;
	int shape[TENSOR_MAXDIM], k, n = 0;
	long long stride[TENSOR_MAXDIM];

	for (k = 0; k < t->ndim; k++) {
		if (t->shape[k] == 1 && (dim < 0 || k == dim))
			continue;
		shape[n] = t->shape[k];
		stride[n] = t->stride[k];
		n++;
	}
	return op_view_as(s, x, n, shape, stride, t->offset, dim < 0 ? "SqueezeBackward0" : "SqueezeBackward1");
}

/*
 * The strides empty_like(t) gives under torch.preserve_format: t's own when
 * it is pyt_dense, else pyt_dense in the order of t's strides (infer_dense_strides,
 * the same sort as TensorIterator's).
 */
static void
preserve_strides(const struct pytensor *t, long long *out)
{
	const long long *in[1];
	int i;

	if (pyt_dense(t)) {
		for (i = 0; i < t->ndim; i++)
			out[i] = t->stride[i];
		return;
	}
	in[0] = t->stride;
	tensor_layout(out, t->ndim, t->shape, in, 1);
	if (t->ndim == 1)
		out[0] = 1;
}

/* a copy of x laid out as preserve_format lays it out */
static struct pyobj *
copy_preserve(struct py_session *s, struct pyobj *x)
{
	long long stride[TENSOR_MAXDIM];
	struct pyobj *y, *c;

	preserve_strides(&x->u.t, stride);
	if ((y = pyt_zeros(s, x->u.t.dtype, x->u.t.ndim, x->u.t.shape, stride)) == NULL)
		return NULL;
	if ((c = pyt_contig(s, x)) == NULL) {
		py_decref(y);
		return NULL;
	}
	pyt_write(&y->u.t, &c->u.t);
	py_decref(c);
	y->deps = x->deps;
	return y;
}

struct pyobj *
op_clone(struct py_session *s, struct pyobj *x, const char *grad)
{
	struct pyobj *y = copy_preserve(s, x);

	if (y != NULL)
		pyt_set_grad(y, grad, pyt_grad(x));
	return y;
}

struct pyobj *
op_contiguous(struct py_session *s, struct pyobj *x)
{
	struct pyobj *y;

	if (pyt_is_contiguous(&x->u.t)) {
		py_incref(x);
		return x;
	}
	if ((y = pyt_contig(s, x)) != NULL)
		pyt_set_grad(y, "CloneBackward0", pyt_grad(x));
	return y;
}

struct pyobj *
op_to(struct py_session *s, struct pyobj *x, int dtype)
{
	long long stride[TENSOR_MAXDIM];
	struct pyobj *y;
	size_t i;

	if (x->u.t.dtype == dtype) {
		py_incref(x);
		return x;
	}
	preserve_strides(&x->u.t, stride);
	if ((y = pyt_zeros(s, dtype, x->u.t.ndim, x->u.t.shape, stride)) == NULL)
		return NULL;
	{
		struct pyobj *c = pyt_empty(dtype, x->u.t.ndim, x->u.t.shape);

		if (c == NULL) {
			py_decref(y);
			return py_fail(s, TOO_BIG, py_max_numel);
		}
		for (i = 0; i < x->u.t.numel; i++) {
			double v = pyt_get(&x->u.t, i);

			if (dtype == DT_FLOAT)
				((float *)c->u.t.st->data)[i] = (float)v;
			else if (dtype == DT_DOUBLE)
				((double *)c->u.t.st->data)[i] = x->u.t.dtype == DT_INT64 ? (double)pyt_geti(&x->u.t, i) : v;
			else if (dtype == DT_INT64)
				((long long *)c->u.t.st->data)[i] = pyt_to_int64(v);
			else
				((unsigned char *)c->u.t.st->data)[i] = v != 0;
		}
		pyt_write(&y->u.t, &c->u.t);
		py_decref(c);
	}
	y->deps = x->deps;
	pyt_set_grad(y, "ToCopyBackward0", (dtype == DT_FLOAT || dtype == DT_DOUBLE) && pyt_grad(x));
	return y;
}

struct pyobj *
op_detach(struct py_session *s, struct pyobj *x)
{
	struct pyobj *y;

	(void)s;
	x->u.t.st->refs++;
	y = pyt_new(x->u.t.st, x->u.t.ndim, x->u.t.shape, x->u.t.stride, x->u.t.offset);
	y->deps = x->deps;
	return y;
}

/* ---- indexing ---- */

/* a slice's bound: None, an int, or a 0-dim integer tensor (PySlice_Unpack's clamp to ssize_t) */
static int
slice_bound(struct py_session *s, const struct pyobj *o, long long dflt, long long *out)
{
	if (o == NULL || o->type == PY_NONE) {
		*out = dflt;
		return 0;
	}
	if (!pyt_int_like(o, out)) {
		py_fail(s, "slice indices must be integers or None or have an __index__ method");
		return -1;
	}
	return 0;
}

static struct pyobj *mask_index(struct py_session *s, struct pyobj *x, struct pyobj *mask);

/* Python unpacks the slice, then applySlicing checks its step; -1 after the error */
static int
slice_step(struct py_session *s, const struct pyobj *slice, long long *step)
{
	if (slice_bound(s, slice->u.slice.step, 1, step) != 0)
		return -1;
	if (*step == 0)
		return py_fail(s, "slice step cannot be zero"), -1;
	if (*step < 0)
		return py_fail(s, "step must be greater than zero"), -1;
	return 0;
}

/* x[True], x[False]: a mask of shape (), a copy with a new dim of 1 or 0 */
static struct pyobj *
index_bool(struct py_session *s, struct pyobj *x, const struct pyobj *index)
{
	struct pyobj *c, *y;
	int shape[TENSOR_MAXDIM], d;
	size_t es = dtype_size(x->u.t.dtype);

	if (x->u.t.ndim + 1 > TENSOR_MAXDIM)
		return py_fail(s, "at most %d dimensions are supported", TENSOR_MAXDIM);
	shape[0] = index->u.i ? 1 : 0;
	for (d = 0; d < x->u.t.ndim; d++)
		shape[d + 1] = x->u.t.shape[d];
	if ((c = pyt_contig(s, x)) == NULL)
		return NULL;
	if ((y = pyt_zeros(s, x->u.t.dtype, x->u.t.ndim + 1, shape, NULL)) == NULL) {
		py_decref(c);
		return NULL;
	}
	if (index->u.i)
		memcpy(y->u.t.st->data, (char *)c->u.t.st->data + (size_t)c->u.t.offset * es, c->u.t.numel * es);
	py_decref(c);
	return pyt_derived(y, x, "IndexBackward0");
}

/*
 * THPVariable_getitem's fast paths for one int or one slice on a 0-dim x:
 * each an error.  applySelect reads sizes[0] of a 0-dim tensor: what an
 * earlier shape left there (1 after max(dim)'s unsqueeze_/squeeze_, else
 * 0); past its bounds check, select() refuses.  0: not such an index.
 */
static int
index_0dim(struct py_session *s, const struct pyobj *x, const struct pyobj *index)
{
	long long step, v, g = x->u.t.ghost0;

	if (index->type == PY_SLICE) {
		if (slice_step(s, index, &step) == 0)
			py_fail(s, "slice() cannot be applied to a 0-dim tensor.");
		return -1;
	}
	if (index->type == PY_BOOL || !pyt_int_like(index, &v))
		return 0;
	if (v == 0)
		py_fail(s, "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or "
		    "`tensor.item<T>()` in C++ to convert a 0-dim tensor to a number");
	else if (v < -g || v >= g)
		py_fail(s, "index %lld is out of bounds for dimension 0 with size %lld", v, g);
	else
		py_fail(s, "select() cannot be applied to a 0-dim tensor.");
	return -1;
}

/* the kinds of the n items: -1 after the error, 1 for a bool mask (the only index), else 0; *specified: dims indexed */
static int
index_kinds(struct py_session *s, struct pyobj *const *items, int n, int *specified)
{
	int i;

	for (i = 0; i < n; i++) {
		const struct pyobj *it = items[i];
		long long v;

		if (it->type == PY_TENSOR && (it->u.t.dtype == DT_BOOL || it->u.t.ndim > 0)) {
			if (it->u.t.dtype == DT_BOOL && n == 1)
				return 1;
			if (it->u.t.dtype == DT_BOOL)
				return py_fail(s, "a bool mask is supported as the only index (x[mask])"), -1;
			return py_fail(s, "assignment through an integer tensor or list index (x[idx] = v) is not supported"), -1;
		}
		if (it->type == PY_LIST || it->type == PY_TUPLE)	/* reading x[idx] is pyindex.c's */
			return py_fail(s, "assignment through an integer tensor or list index (x[idx] = v) is not supported"), -1;
		if (it->type == PY_BOOL)
			return py_fail(s, "indexing with True or False is not supported"), -1;
		if (it->type == PY_ELLIPSIS || it->type == PY_NONE)	/* 1.13 takes several ...: each skips the unindexed dims again */
			continue;
		if (it->type == PY_SLICE || pyt_int_like(it, &v)) {
			(*specified)++;
			continue;
		}
		return py_fail(s, "only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables "
		    "are valid indices (got %s)", py_type_name(it)), -1;
	}
	return 0;
}

/* cur[..., start:stop:step] at dim; *next stays NULL for a whole dim in a tuple (applySlice makes no slice) */
static int
index_slice(struct py_session *s, struct pyobj *cur, const struct pyobj *it, int dim, int tuple, struct pyobj **next)
{
	const struct pytensor *t = &cur->u.t;
	long long start, stop, step, len, size = t->shape[dim], stride[TENSOR_MAXDIM];
	int shape[TENSOR_MAXDIM], d;

	if (slice_step(s, it, &step) != 0 || slice_bound(s, it->u.slice.start, 0, &start) != 0 ||
	    slice_bound(s, it->u.slice.stop, LLONG_MAX, &stop) != 0)
		return -1;
	if (tuple && start == 0 && stop == size && step == 1)
		return 0;
	/* at::slice: negative bounds count from the end, then clamp */
	if (start < 0)
		start = start < -size ? 0 : start + size;
	if (stop < 0)
		stop = stop < -size ? 0 : stop + size;
	if (start > size)
		start = size;
	if (stop < start)
		stop = start;
	else if (stop > size)
		stop = size;
	for (d = 0; d < t->ndim; d++) {
		shape[d] = t->shape[d];
		stride[d] = t->stride[d];
	}
	/* at::slice's (end - start + step - 1) / step and stride * step wrap in int64 for a step
	 * near 2^63 (PyTorch 1.13: t[::2**63-1] is empty); the same, in defined arithmetic */
	len = (long long)((unsigned long long)(stop - start) + (unsigned long long)(step - 1)) / step;
	stride[dim] = (long long)((unsigned long long)t->stride[dim] * (unsigned long long)step);
	if (len < 0 || stride[dim] < 0) {
		char a[256], b[256];
		size_t k = 0, m = 0;

		for (d = 0; d < t->ndim; d++) {
			k += (size_t)snprintf(a + k, sizeof a - k, "%s%lld", d ? ", " : "", d == dim ? len : (long long)shape[d]);
			m += (size_t)snprintf(b + m, sizeof b - m, "%s%lld", d ? ", " : "", stride[d]);
		}
		if (stride[dim] < 0)
			return py_fail(s, "as_strided: Negative strides are not supported at the moment, got strides: [%s]", b), -1;
		return py_fail(s, "Storage size calculation overflowed with sizes=[%s] and strides=[%s]", a, b), -1;
	}
	shape[dim] = (int)len;
	*next = op_view_as(s, cur, t->ndim, shape, stride, t->offset + start * t->stride[dim], "SliceBackward0");
	return *next != NULL ? 0 : -1;
}

/* cur[..., v] at dim (item i of the index) */
static struct pyobj *
index_select(struct py_session *s, struct pyobj *cur, long long v, int dim, int i)
{
	const struct pytensor *t = &cur->u.t;
	long long size = t->shape[dim], stride[TENSOR_MAXDIM];
	int shape[TENSOR_MAXDIM], d, k = 0;

	if (v < -size || v >= size)
		return py_fail(s, "index %lld is out of bounds for dimension %d with size %lld", v, i, size);
	if (v < 0)
		v += size;
	for (d = 0; d < t->ndim; d++)
		if (d != dim) {
			shape[k] = t->shape[d];
			stride[k++] = t->stride[d];
		}
	return op_view_as(s, cur, t->ndim - 1, shape, stride, t->offset + v * t->stride[dim], "SelectBackward0");
}

/* item i past the dims (a second ...): as PyTorch fails */
static void *
index_past(struct py_session *s, const struct pytensor *t, const struct pyobj *it, int i, int dim)
{
	int nd1 = t->ndim + (it->type == PY_NONE);
	long long iv;

	if (it->type != PY_NONE && it->type != PY_SLICE && pyt_int_like(it, &iv))
		return py_fail(s, "index %lld is out of bounds for dimension %d with size 0", iv, i);
	return py_fail(s, "Dimension out of range (expected to be in range of [%d, %d], but got %d)",
	    -nd1, nd1 - 1, dim);
}

/* x[index] for the basic items: ints, slices, ..., None; a bool mask alone */
struct pyobj *
op_index(struct py_session *s, struct pyobj *x, struct pyobj *index)
{
	struct pyobj **items = &index, *cur, *y;
	int n = 1, i, specified = 0, dim = 0, tuple = index->type == PY_TUPLE, k;
	long long v;

	if (tuple) {
		items = index->u.seq.v;
		n = index->u.seq.n;
	} else if (index->type == PY_BOOL) {
		return index_bool(s, x, index);
	} else if (x->u.t.ndim == 0 && index_0dim(s, x, index) != 0) {
		return NULL;
	}
	if ((k = index_kinds(s, items, n, &specified)) != 0)
		return k > 0 ? mask_index(s, x, items[0]) : NULL;
	if (specified > x->u.t.ndim)
		return py_fail(s, "too many indices for tensor of dimension %d", x->u.t.ndim);
	cur = x;
	py_incref(cur);
	for (i = 0; i < n; i++) {
		struct pyobj *it = items[i], *next = NULL;

		if (it->type == PY_ELLIPSIS) {
			dim += x->u.t.ndim - specified;
			continue;
		}
		if (dim > cur->u.t.ndim - (it->type != PY_NONE)) {
			index_past(s, &cur->u.t, it, i, dim);
			py_decref(cur);
			return NULL;
		}
		if (it->type == PY_NONE) {
			next = op_unsqueeze(s, cur, dim++);
		} else if (it->type == PY_SLICE) {
			if (index_slice(s, cur, it, dim++, tuple, &next) == 0 && next == NULL)
				continue;	/* the whole dim */
		} else if (pyt_int_like(it, &v)) {
			next = index_select(s, cur, v, dim, i);
		}
		py_decref(cur);
		if (next == NULL)
			return NULL;
		cur = next;
	}
	if (cur != x)
		return cur;
	/* x[...], x[()]: an alias */
	y = op_view_as(s, x, x->u.t.ndim, x->u.t.shape, x->u.t.stride, x->u.t.offset, "AliasBackward0");
	py_decref(cur);
	return y;
}

/* the mask's shape against x's first dims: 0, or -1 after IndexError's message */
static int
mask_check(struct py_session *s, const struct pytensor *x, const struct pytensor *m)
{
	int d;

	if (m->ndim > x->ndim) {
		py_fail(s, "too many indices for tensor of dimension %d", x->ndim);
		return -1;
	}
	for (d = 0; d < m->ndim; d++)
		if (m->shape[d] != x->shape[d]) {
			char sm[128], sx[128];

			pyt_shape_text(sm, sizeof sm, m->ndim, m->shape);
			pyt_shape_text(sx, sizeof sx, x->ndim, x->shape);
			py_fail(s, "The shape of the mask [%s] at index %d does not match the shape of the indexed "
			    "tensor [%s] at index %d", sm, d, sx, d);
			return -1;
		}
	return 0;
}

/*
 * The shape x[mask] selects: the count of True elements, then x's dims
 * past the mask's; *inner is the elements per selected row.  Returns the
 * number of dims.
 */
static int
mask_shape(const struct pytensor *t, const struct pytensor *m, int *shape, size_t *count, size_t *inner)
{
	size_t i;
	int d;

	*count = 0;
	*inner = 1;
	for (i = 0; i < m->numel; i++)
		*count += pyt_get(m, i) != 0;
	shape[0] = (int)*count;
	for (d = m->ndim; d < t->ndim; d++) {
		*inner *= (size_t)t->shape[d];
		shape[1 + d - m->ndim] = t->shape[d];
	}
	return 1 + t->ndim - m->ndim;
}

/* x[mask]: the rows where mask (over x's first mask.ndim dims) is True, in order */
static struct pyobj *
mask_index(struct py_session *s, struct pyobj *x, struct pyobj *mask)
{
	const struct pytensor *t = &x->u.t, *m = &mask->u.t;
	int shape[TENSOR_MAXDIM], nd;
	size_t count, i, inner, k = 0, es = dtype_size(t->dtype);
	struct pyobj *c, *y;

	if (mask_check(s, t, m) != 0)
		return NULL;
	nd = mask_shape(t, m, shape, &count, &inner);
	if ((c = pyt_contig(s, x)) == NULL)
		return NULL;
	if ((y = pyt_zeros(s, t->dtype, nd, shape, NULL)) == NULL) {
		py_decref(c);
		return NULL;
	}
	for (i = 0; i < m->numel; i++)
		if (pyt_get(m, i) != 0) {
			memcpy((char *)y->u.t.st->data + k * inner * es, (char *)c->u.t.st->data + i * inner * es, inner * es);
			k++;
		}
	py_decref(c);
	y->deps = x->deps | mask->deps;
	pyt_set_grad(y, "IndexBackward0", pyt_grad(x));
	return y;
}

/* v as a tensor of x's dtype broadcast to shape (nd, shape), contiguous; NULL after an error */
static struct pyobj *
value_for(struct py_session *s, struct pyobj *v, int dtype, int nd, const int *shape, int masked)
{
	struct pyobj *tv, *y;
	struct tensor_view bv;
	int d, k;
	size_t i;

	if (v->type != PY_TENSOR && !py_is_number(v))
		return py_fail(s, "can't assign a %s to a Tensor", py_type_name(v));
	/* a Python number into float64: exactly (valueToTensor in x's dtype) */
	tv = dtype == DT_DOUBLE && v->type != PY_TENSOR ? pyt_as_dtype(s, v, DT_DOUBLE) : pyt_operand(s, v);
	if (tv->u.t.ndim > 0 && tv->u.t.shape[0] == 1) {	/* setitem's slicePrefix1sDims: leading 1s dropped */
		struct pyobj *w;
		int lead = 0;

		while (lead < tv->u.t.ndim && tv->u.t.shape[lead] == 1)
			lead++;
		w = op_view_as(s, tv, tv->u.t.ndim - lead, tv->u.t.shape + lead, tv->u.t.stride + lead, tv->u.t.offset,
		    NULL);
		py_decref(tv);
		if (w == NULL)
			return NULL;
		tv = w;
	}
	k = nd - tv->u.t.ndim;
	for (d = 0; d < tv->u.t.ndim; d++)
		if (k < 0 || (tv->u.t.shape[d] != 1 && tv->u.t.shape[d] != shape[d + k])) {
			char sv[128], st[128];
			int vnd = tv->u.t.ndim, vsz = tv->u.t.shape[d];

			pyt_shape_text(sv, sizeof sv, tv->u.t.ndim, tv->u.t.shape);
			pyt_shape_text(st, sizeof st, nd, shape);
			py_decref(tv);	/* its sizes copied above: it may go now */
			if (masked)
				return py_fail(s, "shape mismatch: value tensor of shape [%s] cannot be broadcast to indexing "
				    "result of shape [%s]", sv, st);
			if (k < 0)
				return py_fail(s, "expand(torch.FloatTensor{[%s]}, size=[%s]): the number of sizes provided "
				    "(%d) must be greater or equal to the number of dimensions in the tensor (%d)", sv, st, nd,
				    vnd);
			return py_fail(s, "The expanded size of the tensor (%d) must match the existing size (%d) at "
			    "non-singleton dimension %d.  Target sizes: [%s].  Tensor sizes: [%s]", shape[d + k],
			    vsz, d + k, st, sv);
		}
	if ((y = pyt_zeros(s, dtype, nd, shape, NULL)) == NULL) {
		py_decref(tv);
		return NULL;
	}
	pyt_bcast_view(&bv, &tv->u.t, nd, shape);
	for (i = 0; i < y->u.t.numel; i++) {
		long long off = tv->u.t.offset;
		size_t q = i;
		double x;

		for (d = nd - 1; d >= 0; d--) {
			off += (long long)(q % (size_t)shape[d]) * bv.stride[d];
			q /= (size_t)shape[d];
		}
		switch (tv->u.t.dtype) {
		case DT_FLOAT: x = ((float *)tv->u.t.st->data)[off]; break;
		case DT_DOUBLE: x = ((double *)tv->u.t.st->data)[off]; break;
		case DT_INT64: x = (double)((long long *)tv->u.t.st->data)[off]; break;
		default: x = ((unsigned char *)tv->u.t.st->data)[off]; break;
		}
		if (dtype == DT_FLOAT)
			((float *)y->u.t.st->data)[i] = tv->u.t.dtype == DT_INT64 ?
			    (float)((long long *)tv->u.t.st->data)[off] : (float)x;
		else if (dtype == DT_DOUBLE)
			((double *)y->u.t.st->data)[i] = x;
		else if (dtype == DT_INT64)
			((long long *)y->u.t.st->data)[i] = tv->u.t.dtype == DT_INT64 ? ((long long *)tv->u.t.st->data)[off] : pyt_to_int64(x);
		else
			((unsigned char *)y->u.t.st->data)[i] = x != 0;
	}
	py_decref(tv);
	return y;
}

/*
 * copy_to's fill_ path: a 0-dim tensor value into a view of another
 * shape is fill_(value), whose Scalar must fit an int64 (copy_ of equal
 * shapes converts without a check).  1 after the error.
 */
static int
int64_fill_overflows(struct py_session *s, const struct pyobj *view, const struct pyobj *v)
{
	double f;

	if (v->type != PY_TENSOR || v->u.t.ndim != 0 || v->u.t.dtype != DT_FLOAT || view->u.t.ndim == 0)
		return 0;	/* not a 0-dim float value, or shapes equal: copy_ */
	f = pyt_get(&v->u.t, 0);
	if (!pyt_fits_int64(f)) {
		py_fail(s, "value cannot be converted to type int64_t without overflow");
		return 1;
	}
	return 0;
}

/*
 * x[a:b:c] = v on a 0-dim x: applySlice's shortcut reads sizes[0] past
 * the end (see op_index) and, for 0:that:1, writes x itself; any other
 * slice reaches slice()'s error later.  1: not written here.
 */
static int
setitem_0dim_slice(struct py_session *s, struct pyobj *x, const struct pyobj *index, struct pyobj *v)
{
	long long a, b, c;
	struct pyobj *all;
	int rc;

	if (slice_bound(s, index->u.slice.start, 0, &a) != 0 || slice_bound(s, index->u.slice.stop, LLONG_MAX, &b) != 0 ||
	    slice_bound(s, index->u.slice.step, 1, &c) != 0)
		return -1;
	if (c == 0)
		return py_fail(s, "slice step cannot be zero"), -1;
	if (a != 0 || c != 1 || b != x->u.t.ghost0)
		return 1;
	all = py_new(PY_ELLIPSIS);
	rc = op_setitem(s, x, all, v);
	py_decref(all);
	return rc;
}

/* x[mask] = v: index_put_'s checks (autograd's, the mask's shape, the value's shape, then its dtype), the write */
static int
setitem_mask(struct py_session *s, struct pyobj *x, const struct pyobj *index, struct pyobj *v, int req)
{
	const struct pytensor *t = &x->u.t, *m = &index->u.t;
	size_t count, i, k = 0, inner, es = dtype_size(t->dtype);
	int shape[TENSOR_MAXDIM], nd;
	struct pyobj *c, *val;

	if (pyt_check_inplace(s, x) != 0 || mask_check(s, t, m) != 0)
		return -1;
	nd = mask_shape(t, m, shape, &count, &inner);
	if ((val = value_for(s, v, t->dtype, nd, shape, 1)) == NULL)
		return -1;
	/* one value element: 1.13 fills as masked_fill_ does (any dtype), unless the mask is 0-dim */
	if (v->type == PY_TENSOR && v->u.t.dtype != t->dtype && (v->u.t.numel != 1 || m->ndim == 0)) {
		py_decref(val);
		return py_fail(s, "Index put requires the source and destination dtypes match, got %s for the destination "
		    "and %s for the source.", pyt_cat_name[t->dtype], pyt_cat_name[v->u.t.dtype]), -1;
	}
	if (t->dtype == DT_INT64 && v->type == PY_TENSOR && v->u.t.numel == 1 && v->u.t.dtype == DT_FLOAT &&
	    m->ndim > 0 && !pyt_fits_int64(pyt_get(&v->u.t, 0))) {	/* masked_fill_(mask, value.item()) */
		py_decref(val);
		return py_fail(s, "value cannot be converted to type int64_t without overflow"), -1;
	}
	if ((c = pyt_contig(s, x)) == NULL) {
		py_decref(val);
		return -1;
	}
	for (i = 0; i < m->numel; i++)
		if (pyt_get(m, i) != 0) {
			memcpy((char *)c->u.t.st->data + i * inner * es, (char *)val->u.t.st->data + k * inner * es,
			    inner * es);
			k++;
		}
	pyt_writable(s, x);
	pyt_write(&x->u.t, &c->u.t);
	py_decref(c);
	py_decref(val);
	/* a 0-dim mask indexes x[None] first: the write goes through a view */
	pyt_mark_inplace(x, m->ndim == 0 ? "CopySlices" : "IndexPutBackward0", req);
	if (req && m->ndim == 0 && x->u.t.base == NULL)
		x->u.t.grad_fn = "CopySlices";
	return 0;
}

/*
 * 1 when setitem's indexing gives x itself: ... and slices 0:size:1
 * with the size written out (applySlice's shortcut, on in setitem, off
 * in getitem), so that the value is copied into x, not into a view.
 */
static int
setitem_whole(const struct pyobj *x, const struct pyobj *index)
{
	const struct pyobj *const *items = index->type == PY_TUPLE ? (const struct pyobj *const *)index->u.seq.v : &index;
	int n = index->type == PY_TUPLE ? index->u.seq.n : 1, i, dim = 0, used = 0;
	long long a, b, c;

	for (i = 0; i < n; i++) {
		if (items[i]->type == PY_SLICE)
			used++;
		else if (items[i]->type != PY_ELLIPSIS)
			return 0;
	}
	for (i = 0; i < n; i++) {
		const struct pyobj *it = items[i];

		if (it->type == PY_ELLIPSIS) {
			dim += x->u.t.ndim - used;
			continue;
		}
		if (dim >= x->u.t.ndim || it->u.slice.stop == NULL || it->u.slice.stop->type == PY_NONE ||
		    !pyt_int_like(it->u.slice.stop, &b))
			return 0;
		a = 0;
		c = 1;
		if ((it->u.slice.start != NULL && it->u.slice.start->type != PY_NONE &&
		    !pyt_int_like(it->u.slice.start, &a)) ||
		    (it->u.slice.step != NULL && it->u.slice.step->type != PY_NONE && !pyt_int_like(it->u.slice.step, &c)))
			return 0;
		if (a != 0 || c != 1 || b != x->u.t.shape[dim])
			return 0;
		dim++;
	}
	return 1;
}

int
op_setitem(struct py_session *s, struct pyobj *x, struct pyobj *index, struct pyobj *v)
{
	struct pyobj *view, *val;
	int req = pyt_grad(x) || pyt_grad(v), whole, rc;

	if (x->u.t.ndim == 0 && index->type == PY_SLICE && (rc = setitem_0dim_slice(s, x, index, v)) != 1)
		return rc;
	/* a number becomes a tensor of x's dtype before any indexing (valueToTensor) */
	if (x->u.t.dtype == DT_INT64 && v->type == PY_FLOAT && !pyt_fits_int64(v->u.f))
		return py_fail(s, "value cannot be converted to type int64_t without overflow"), -1;
	if (index->type == PY_TENSOR && index->u.t.dtype == DT_BOOL)
		return setitem_mask(s, x, index, v, req);
	if ((view = op_index(s, x, index)) == NULL)
		return -1;
	whole = setitem_whole(x, index);
	/* copy_ into the view: autograd sees the view (x itself for x[...]: Python's setitem copies into x) */
	if ((val = value_for(s, v, x->u.t.dtype, view->u.t.ndim, view->u.t.shape, 0)) == NULL ||
	    pyt_check_inplace(s, whole || (view->u.t.base == NULL && view != x) ? x : view) != 0 ||
	    (x->u.t.dtype == DT_INT64 && int64_fill_overflows(s, view, v))) {
		py_decref(view);
		py_decref(val);
		return -1;
	}
	pyt_writable(s, x);
	pyt_write(&view->u.t, &val->u.t);
	py_decref(view);
	py_decref(val);
	if (whole) {	/* x[...] = v is x.fill_(v) (a 0-dim v) or x.copy_(v) */
		int same = v->type == PY_TENSOR && v->u.t.ndim == x->u.t.ndim, d;

		for (d = 0; same && d < x->u.t.ndim; d++)
			same = v->u.t.shape[d] == x->u.t.shape[d];
		pyt_mark_inplace(x, !same && (v->type != PY_TENSOR || v->u.t.ndim == 0) && x->u.t.ndim > 0 ?
		    "FillBackward3" : "CopyBackwards", req);
		return 0;
	}
	pyt_mark_inplace(x, "CopySlices", req);
	if (req && x->u.t.base == NULL)
		x->u.t.grad_fn = "CopySlices";
	return 0;
}

