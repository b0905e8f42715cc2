/*
 * pytensor.c - what the operations (pyops.c) and the views (pyview.c)
 * both stand on: arguments read as Python reads them (ints, dims, shapes),
 * new results, the view primitive (op_view_as), broadcasting, autograd's
 * bookkeeping (grad_fn, in-place checks and marks), dense layouts and
 * memory formats, and writing a tensor into a view.  Calls the values
 * (pyval.c) only.
 */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pyint.h"

#define TOO_BIG "the result is too large (more than %zu elements)"

/* the dtypes as ATen's messages name them ("expected scalar type Float") */
const char *const pyt_cat_name[] = { "Float", "Long", "Bool", "Double" };

/* ---- arguments ---- */

int
py_is_int(const struct pyobj *o)
{
	return o->type == PY_INT || o->type == PY_BOOL;
}

int
py_is_number(const struct pyobj *o)
{
	return o->type == PY_INT || o->type == PY_BOOL || o->type == PY_FLOAT;
}

static int
is_atom(const struct pyobj *o)
{
	return py_is_number(o) || o->type == PY_NONE || o->type == PY_ELLIPSIS || o->type == PY_STR ||
	    o->type == PY_DTYPE || o->type == PY_NS;
}

int
py_atom_equal(const struct pyobj *a, const struct pyobj *b)
{
	if (py_is_number(a) && py_is_number(b)) {
		if (py_is_int(a) && py_is_int(b))
			return a->u.i == b->u.i;
		return (a->type == PY_FLOAT ? a->u.f : (double)a->u.i) == (b->type == PY_FLOAT ? b->u.f : (double)b->u.i);
	}
	if (!is_atom(a) || !is_atom(b))
		return -1;
	if (a->type != b->type)
		return 0;
	switch (a->type) {
	case PY_STR: return a->u.str.len == b->u.str.len && memcmp(a->u.str.s, b->u.str.s, a->u.str.len) == 0;
	case PY_DTYPE: return a->u.i == b->u.i;
	case PY_NS: return strcmp(a->u.ns, b->u.ns) == 0;
	default: return 1;	/* None, Ellipsis */
	}
}

/* an int, or a 0-dim integer tensor (ATen takes those as indices and sizes) */
int
pyt_int_like(const struct pyobj *o, long long *v)
{
	if (o->type == PY_INT || o->type == PY_BOOL) {
		*v = o->u.i;
		return 1;
	}
	if (o->type == PY_TENSOR && o->u.t.ndim == 0 && o->u.t.dtype == DT_INT64) {	/* a bool one is a mask */
		*v = pyt_geti(&o->u.t, 0);
		return 1;
	}
	return 0;
}

int
py_to_long(struct py_session *s, const struct pyobj *o, const char *what, long long *out)
{
	if (pyt_int_like(o, out))
		return 0;
	py_fail(s, "%s must be int, not %s", what, py_type_name(o));
	return -1;
}

int
py_to_double(struct py_session *s, const struct pyobj *o, const char *what, double *out)
{
	if (o->type == PY_FLOAT) {
		*out = o->u.f;
		return 0;
	}
	if (o->type == PY_INT || o->type == PY_BOOL) {
		*out = (double)o->u.i;
		return 0;
	}
	if (o->type == PY_TENSOR && o->u.t.numel == 1) {
		*out = pyt_get(&o->u.t, 0);
		return 0;
	}
	py_fail(s, "%s must be a number, not %s", what, py_type_name(o));
	return -1;
}

/* Python's dim wrapping: -n <= d < n, a 0-dim tensor counting as 1 */
int
py_wrap_dim(struct py_session *s, long long d, int ndim, int *out)
{
	int n = ndim > 0 ? ndim : 1;

	if (d < -n || d >= n) {
		py_fail(s, "Dimension out of range (expected to be in range of [%d, %d], but got %lld)", -n, n - 1, d);
		return -1;
	}
	*out = (int)(d < 0 ? d + n : d);
	return 0;
}

int
py_to_dim(struct py_session *s, const struct pyobj *o, int ndim, int *dim)
{
	long long d;

	if (o->type == PY_BOOL || !pyt_int_like(o, &d)) {
		py_fail(s, "dim must be int, not %s", py_type_name(o));
		return -1;
	}
	return py_wrap_dim(s, d, ndim, dim);
}

int
py_shape_args(struct py_session *s, struct pyobj **args, int n, const char *fn, int *ndim, int *shape,
    int allow_minus1)
{
	struct pyobj **v = args;
	int i, k = n, inferred = 0;

	if (n == 1 && (args[0]->type == PY_TUPLE || args[0]->type == PY_LIST || args[0]->type == PY_SIZE)) {
		v = args[0]->u.seq.v;
		k = args[0]->u.seq.n;
	}
	if (k > TENSOR_MAXDIM) {
		py_fail(s, "%s: at most %d dimensions are supported, got %d", fn, TENSOR_MAXDIM, k);
		return -1;
	}
	for (i = 0; i < k; i++) {
		long long d;

		if (v[i]->type == PY_BOOL || !pyt_int_like(v[i], &d)) {
			py_fail(s, "%s(): argument 'size' (position %d) must be tuple of ints, not %s", fn, i + 1,
			    py_type_name(v[i]));
			return -1;
		}
		if (d == -1 && allow_minus1) {
			if (inferred++) {
				py_fail(s, "only one dimension can be inferred");
				return -1;
			}
		} else if (d < 0) {
			char buf[160];
			int j, len = 0;

			for (j = 0; j < k && len < 120; j++) {
				long long e = 0;

				pyt_int_like(v[j], &e);
				len += snprintf(buf + len, sizeof buf - (size_t)len, "%s%lld", j ? ", " : "", e);
			}
			py_fail(s, allow_minus1 ? "invalid shape dimension %lld" :
			    "Trying to create tensor with negative dimension %lld: [%s]", d, buf);
			return -1;
		} else if (d > INT_MAX) {
			py_fail(s, "%s: size %lld is too large", fn, d);
			return -1;
		}
		shape[i] = (int)d;
	}
	*ndim = k;
	return 0;
}

struct pyobj *
py_scalar_tensor(struct py_session *s, const struct pyobj *o)
{
	struct pyobj *t;

	(void)s;
	if (o->type == PY_FLOAT) {
		t = pyt_empty(DT_FLOAT, 0, NULL);
		*(float *)t->u.t.st->data = (float)o->u.f;
	} else if (o->type == PY_BOOL) {
		t = pyt_empty(DT_BOOL, 0, NULL);
		*(unsigned char *)t->u.t.st->data = (unsigned char)o->u.i;
	} else {
		t = pyt_empty(DT_INT64, 0, NULL);
		*(long long *)t->u.t.st->data = o->u.i;
	}
	return t;
}

/* ---- results and views ---- */

/* a new tensor with these strides over a fresh storage (NULL strides: contiguous); zeroed or not */
struct pyobj *
pyt_result_z(struct py_session *s, int dtype, int nd, const int *shape, const long long *stride, int zeroed)
{
	struct pyobj *o = zeroed ? pyt_empty(dtype, nd, shape) : pyt_empty_uninit(dtype, nd, shape);
	int d;

	if (o == NULL && py_oom(s))	/* PyTorch 1.13's words, one line; the session goes on */
		return NULL;
	if (o == NULL)
		return py_fail(s, TOO_BIG, py_max_numel);
	if (stride != NULL)
		for (d = 0; d < nd; d++)
			o->u.t.stride[d] = stride[d];
	return o;
}

/* a new tensor every element of which the caller writes */
struct pyobj *
pyt_result(struct py_session *s, int dtype, int nd, const int *shape, const long long *stride)
{
	return pyt_result_z(s, dtype, nd, shape, stride, 0);
}

struct pyobj *
pyt_zeros(struct py_session *s, int dtype, int nd, const int *shape, const long long *stride)
{
	return pyt_result_z(s, dtype, nd, shape, stride, 1);
}

/* dtype categories: bool < int64 < float32 */
int
dtype_rank(int dt)
{
	return dt == DT_BOOL ? 0 : dt == DT_INT64 ? 1 : dt == DT_DOUBLE ? 3 : 2;
}

/* autograd: the result of an operation named `name` on inputs, one requiring grad */
/* autograd's grad mode, process-wide as PyTorch's (off inside `with torch.no_grad():`) */
static int grad_off;

int
pyt_grad_mode(int enabled)
{
	int was = !grad_off;

	grad_off = !enabled;
	return was;
}

void
pyt_set_grad(struct pyobj *y, const char *name, int requires)
{
	y->u.t.grad_fn = requires && !grad_off ? name : NULL;
	y->u.t.requires_grad = 0;
}

int
pyt_grad(const struct pyobj *o)
{
	return !grad_off && o != NULL && o->type == PY_TENSOR && pyt_has_grad(&o->u.t);
}

struct pyobj *
pyt_derived(struct pyobj *y, const struct pyobj *x, const char *grad)
{
	y->deps = x->deps;
	pyt_set_grad(y, grad, pyt_grad(x));
	return y;
}

struct pyobj *
op_view_as(struct py_session *s, struct pyobj *x, int nd, const int *shape, const long long *stride,
    long long offset, const char *grad)
{
	struct pyobj *y;
	struct pyobj *root = x->u.t.base != NULL ? x->u.t.base : x;

	(void)s;
	x->u.t.st->refs++;
	y = pyt_new(x->u.t.st, nd, shape, stride, offset);
	y->u.t.base = root;
	py_incref(root);
	y->u.t.base_version = root->u.t.version;
	pyt_derived(y, x, grad);
	/* a view made under no_grad: no grad_fn, but it requires grad as its base does (autograd's is_view rule) */
	y->u.t.requires_grad = grad_off && pyt_has_grad(&x->u.t);
	return y;
}

void
pyt_shape_text(char *buf, size_t len, int nd, const int *shape)
{
	text_dims(buf, len, nd, shape, "", "");
}

int
pyt_bcast_shapes(struct pyobj *const *v, int n, int *nd, int *shape, int *bad)
{
	int i, k;

	*nd = 0;
	for (i = 0; i < n; i++)
		if (v[i]->u.t.ndim > *nd)
			*nd = v[i]->u.t.ndim;
	for (k = 0; k < *nd; k++)
		shape[k] = 1;
	for (i = 0; i < n; i++)
		for (k = 0; k < v[i]->u.t.ndim; k++) {
			int d = k + *nd - v[i]->u.t.ndim, z = v[i]->u.t.shape[k];

			if (z != shape[d] && z != 1 && shape[d] != 1) {
				bad[0] = shape[d];
				bad[1] = z;
				bad[2] = d;
				return -1;
			}
			if (z != 1)
				shape[d] = z;
		}
	return 0;
}

/* the view of t broadcast to (nd, shape): strides 0 where it repeats */
void
pyt_bcast_view(struct tensor_view *v, const struct pytensor *t, int nd, const int *shape)
{
	int d, k = nd - t->ndim;

	v->data = t->dtype == DT_FLOAT ? pyt_data(t) : NULL;
	v->data64 = t->dtype == DT_DOUBLE ? (const double *)t->st->data + t->offset : NULL;
	v->ndim = nd;
	v->numel = 1;
	for (d = 0; d < nd; d++) {
		int td = d - k;

		v->shape[d] = shape[d];
		v->numel *= (size_t)shape[d];
		v->stride[d] = td < 0 || (t->shape[td] == 1 && shape[d] != 1) ? 0 : t->stride[td];
	}
}

/* what a number or tensor operand contributes: its tensor (0-dim for a number) */
struct pyobj *
pyt_operand(struct py_session *s, struct pyobj *o)
{
	if (o->type == PY_TENSOR) {
		py_incref(o);
		return o;
	}
	return py_scalar_tensor(s, o);
}

/* ---- autograd and in-place writes ---- */

/* autograd's rules for an in-place write into x */
int
pyt_check_inplace(struct py_session *s, const struct pyobj *x)
{
	const struct pytensor *t = &x->u.t;

	if (grad_off)
		return 0;	/* no_grad: a leaf may be written in place */
	if (t->requires_grad && t->grad_fn == NULL) {
		py_fail(s, "a leaf Variable that requires grad is being used in an in-place operation.");
		return -1;
	}
	if (t->base != NULL && t->base->u.t.requires_grad && t->base->u.t.grad_fn == NULL) {
		py_fail(s, "a view of a leaf Variable that requires grad is being used in an in-place operation.");
		return -1;
	}
	return 0;
}

/* after an in-place write into x named `name` (requires: the result requires grad) */
void
pyt_mark_inplace(struct pyobj *x, const char *name, int requires)
{
	struct pytensor *t = &x->u.t;
	struct pyobj *root = t->base != NULL ? t->base : x;

	root->u.t.version++;
	if (!requires)
		return;
	if (t->base != NULL) {
		t->base->u.t.grad_fn = "CopySlices";
		t->base->u.t.requires_grad = 0;
		t->grad_fn = name;	/* printed as AsStridedBackward0: the base moved on */
	} else {
		t->grad_fn = name;
	}
	t->requires_grad = 0;
}

/* v converts to an int64 without overflow (NaN does not) */
int
pyt_fits_int64(double v)
{
	return !isnan(v) && v < UTIL_INT64_LIMIT && v >= -UTIL_INT64_LIMIT;
}

/* v as an int64 as ATen's cast gives it on this machine: LLONG_MIN when it does not fit */
long long
pyt_to_int64(double v)
{
	return pyt_fits_int64(v) ? (long long)v : LLONG_MIN;
}

/* where element i (row-major) of a view (nd, shape, stride) from offset off is */
long long
pyt_offset(long long off, size_t i, int nd, const int *shape, const long long *stride)
{
	int d;

	for (d = nd - 1; d >= 0; d--) {
		off += (long long)(i % (size_t)shape[d]) * stride[d];
		i /= (size_t)shape[d];
	}
	return off;
}

/* dst (a view) = src's values cast to dst's dtype; src contiguous, dst's shape */
void
pyt_write(struct pytensor *dst, const struct pytensor *src)
{
	size_t i, n = dst->numel, es = dtype_size(dst->dtype);
	char *base = dst->st->data;

	for (i = 0; i < n; i++) {
		long long off = pyt_offset(dst->offset, i, dst->ndim, dst->shape, dst->stride);
		double v;

		if (src->dtype == dst->dtype) {
			memcpy(base + (size_t)off * es, (char *)src->st->data + (size_t)(src->offset + (long long)i) * es, es);
			continue;
		}
		v = pyt_get(src, i);
		if (dst->dtype == DT_FLOAT)
			((float *)base)[off] = (float)v;
		else if (dst->dtype == DT_DOUBLE)
			((double *)base)[off] = src->dtype == DT_INT64 ? (double)pyt_geti(src, i) : v;
		else if (dst->dtype == DT_INT64)
			((long long *)base)[off] = pyt_to_int64(v);
		else
			((unsigned char *)base)[off] = v != 0;
	}
}

/* ---- layouts ---- */

/* is_non_overlapping_and_dense (TensorImpl) */
int
pyt_dense(const struct pytensor *t)
{
	int perm[TENSOR_MAXDIM], i, j;
	long long need = 1;

	if (t->ndim == 1)
		return t->shape[0] < 2 || t->stride[0] == 1;
	for (i = 0; i < t->ndim; i++)
		perm[i] = i;
	for (i = 1; i < t->ndim; i++)	/* sizes < 2 last, else by stride */
		for (j = i; j > 0; j--) {
			int a = perm[j - 1], b = perm[j], swap;

			if (t->shape[a] < 2)
				swap = t->shape[b] >= 2;
			else if (t->shape[b] < 2)
				swap = 0;
			else
				swap = t->stride[b] < t->stride[a];
			if (!swap)
				break;
			perm[j - 1] = b;
			perm[j] = a;
		}
	for (i = 0; i < t->ndim; i++) {
		int sz = t->shape[perm[i]];

		if (sz < 2)
			return 1;
		if (t->stride[perm[i]] != need)
			return 0;
		need *= sz;
	}
	return 1;
}

/*
 * suggest_memory_format: 1 when a 4-d tensor's strides rank its dims as
 * channels-last (N, H, W, C in memory), 2 for the 5-d channels-last-3d,
 * else 0 (is_channels_last_strides_2d/3d in c10/core/MemoryFormat.h).
 */
int
pyt_memory_format(int nd, const int *shape, const long long *stride)
{
	static const int order2[] = { 1, 3, 2, 0 }, order3[] = { 1, 4, 3, 2, 0 };
	const int *order = nd == 4 ? order2 : order3;
	long long min = 0;
	int k, n = nd == 4 ? 4 : 5;

	if (nd != 4 && nd != 5)
		return 0;
	if (stride[1] == 0)
		return 0;
	for (k = 0; k < n; k++) {
		int d = order[k];

		if (shape[d] == 0 || stride[d] < min)
			return 0;
		if (d == 0 && min == stride[1])
			return 0;
		min = stride[d];
		if (shape[d] > 1)
			min *= shape[d];
	}
	return nd == 4 ? 1 : 2;
}

/* the channels-last strides of a 4-d or 5-d shape (get_channels_last_strides_2d/3d) */
void
pyt_channels_last_strides(int nd, const int *shape, long long *st)
{
	st[1] = 1;
	if (nd == 4) {
		st[3] = shape[1];
		st[2] = st[3] * shape[3];
		st[0] = st[2] * shape[2];
	} else {
		st[4] = shape[1];
		st[3] = st[4] * shape[4];
		st[2] = st[3] * shape[3];
		st[0] = st[2] * shape[2];
	}
}

int
py_slice_ends(struct py_session *s, const struct pyobj *idx, long long n, long long *a, long long *b, long long *st)
{
	const struct pyobj *ends[3] = { idx->u.slice.start, idx->u.slice.stop, idx->u.slice.step };
	long long *vals[3] = { a, b, st };
	int k;

	*a = 0;
	*b = n;
	*st = 1;
	for (k = 0; k < 3; k++)
		if (ends[k] != NULL && ends[k]->type != PY_NONE) {
			if (!py_is_int(ends[k]))
				return py_fail(s, "slice indices must be integers or None or have an __index__ method"), -1;
			*vals[k] = ends[k]->u.i;
		}
	if (*st == 0)
		return py_fail(s, "ValueError: slice step cannot be zero"), -1;
	if (*st < 0) {
		if (ends[0] == NULL || ends[0]->type == PY_NONE)
			*a = n - 1;
		if (ends[1] == NULL || ends[1]->type == PY_NONE)
			*b = -n - 1;
	}
	*a = py_slice_adjust(*a, n, *st);
	*b = py_slice_adjust(*b, n, *st);
	return 0;
}
