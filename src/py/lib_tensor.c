/*
 * lib_tensor.c - a tensor's methods (x.sum(...), x.view(...)) and their
 * torch.f(x, ...) mirrors: one C function per method, or per family whose
 * body is the same (add, sub, mul, div, pow: the row passes the operator),
 * and the rows naming them with PyTorch's parameters.  The tensor comes in
 * as self; the work is pyops.c's and pyview.c's.
 */
#include <string.h>

#include "lib.h"

static struct pyobj *
method_size(struct py_session *s, const struct builtin *b, struct pyobj *x, struct pyobj **a)
{
	struct pytensor *t = &x->u.t;
	long long k;
	int d;

	(void)b;
	if (a[0] == NULL || a[0]->type == PY_NONE)
		return py_size(t->ndim, t->shape);
	if (t->ndim == 0 && py_to_long(s, a[0], "size(): argument 'dim'", &k) == 0)
		return py_fail(s, "Dimension specified as %lld but tensor has no dimensions", k);
	if (py_to_dim(s, a[0], t->ndim, &d) != 0)
		return NULL;
	return py_int(t->ndim ? t->shape[d] : 1);
}

static struct pyobj *
method_dim(struct py_session *s, const struct builtin *b, struct pyobj *x, struct pyobj **a)
{
	(void)s, (void)b, (void)a;
	return py_int(x->u.t.ndim);
}

static struct pyobj *
method_numel(struct py_session *s, const struct builtin *b, struct pyobj *x, struct pyobj **a)
{
	(void)s, (void)b, (void)a;
	return py_int((long long)x->u.t.numel);
}

static struct pyobj *
method_transpose(struct py_session *s, const struct builtin *b, struct pyobj *x, struct pyobj **a)
{
	int d, d2;

	(void)b;
	if (a[0] == NULL || a[1] == NULL)
		return py_fail(s, "transpose() missing required argument '%s'", a[0] == NULL ? "dim0" : "dim1");
	if (py_to_dim(s, a[0], x->u.t.ndim, &d) != 0 || py_to_dim(s, a[1], x->u.t.ndim, &d2) != 0)
		return NULL;
	return op_transpose(s, x, d, d2, "TransposeBackward0");
}

static struct pyobj *
method_t(struct py_session *s, const struct builtin *b, struct pyobj *x, struct pyobj **a)
{
	int nd = x->u.t.ndim;

	(void)b, (void)a;
	if (nd > 2)
		return py_fail(s, "t() expects a tensor with <= 2 dimensions, but self is %dD", nd);
	return op_transpose(s, x, 0, nd == 2 ? 1 : 0, "TBackward0");
}

static struct pyobj *
method_permute(struct py_session *s, const struct builtin *b, struct pyobj *x, struct pyobj **a)
{
	struct pyobj *seq = a[0];
	int perm[TENSOR_MAXDIM], seen = 0, n, i, nd = x->u.t.ndim;

	(void)b;
	if (seq->u.seq.n == 1 && (seq->u.seq.v[0]->type == PY_TUPLE || seq->u.seq.v[0]->type == PY_LIST))
		seq = seq->u.seq.v[0];
	n = seq->u.seq.n;
	if (n != nd)
		return py_fail(s, "permute(sparse_coo): number of dimensions in the tensor input does not match the "
		    "length of the desired ordering of dimensions i.e. input.dim() = %d is not equal to len(dims) = %d",
		    nd, n);
	for (i = 0; i < n; i++) {
		if (py_to_dim(s, seq->u.seq.v[i], nd, &perm[i]) != 0)
			return NULL;
		if (seen >> perm[i] & 1)
			return py_fail(s, "permute(): duplicate dims are not allowed.");
		seen |= 1 << perm[i];
	}
	return op_permute(s, x, perm);
}

/* x.flip(*dims), torch.flip(x, dims): a copy (x's layout kept, as clone's) with those dims reversed */
static struct pyobj *
method_flip(struct py_session *s, const struct builtin *b, struct pyobj *x, struct pyobj **a)
{
	struct pyobj *seq = a[0], *y;
	int torch = (b->flags & LIB_SELF_FIRST) != 0, nd = x->u.t.ndim, seen = 0, i, d;
	long long off = x->u.t.offset, stride[TENSOR_MAXDIM];
	size_t k, es = dtype_size(x->u.t.dtype);

	if (!torch && seq->u.seq.n == 1 && (seq->u.seq.v[0]->type == PY_TUPLE || seq->u.seq.v[0]->type == PY_LIST))
		seq = seq->u.seq.v[0];
	else if (!torch && seq->u.seq.n == 1 && !py_is_int(seq->u.seq.v[0]))
		seq = seq->u.seq.v[0];
	if (seq->type != PY_TUPLE && seq->type != PY_LIST)
		return py_fail(s, "flip(): argument 'dims' (position %d) must be tuple of ints, not %s", torch ? 2 : 1,
		    py_type_name(seq));
	for (d = 0; d < nd; d++)
		stride[d] = x->u.t.stride[d];
	for (i = 0; i < seq->u.seq.n; i++) {
		if (!py_is_int(seq->u.seq.v[i]))
			return py_fail(s, "flip(): argument 'dims' must be tuple of ints, but found element of type %s at "
			    "pos %d", py_type_name(seq->u.seq.v[i]), i + 1);
		if (py_to_dim(s, seq->u.seq.v[i], nd, &d) != 0)
			return NULL;
		if (seen >> d & 1)
			return py_fail(s, "dim %d appears multiple times in the list of dims", d);
		seen |= 1 << d;
		if (nd == 0)
			continue;
		off += (long long)(x->u.t.shape[d] - 1) * stride[d];
		stride[d] = -stride[d];
	}
	if ((y = op_clone(s, x, "FlipBackward0")) == NULL)
		return NULL;
	for (k = 0; k < y->u.t.numel; k++)
		memcpy((char *)y->u.t.st->data + (size_t)pyt_offset(y->u.t.offset, k, nd, y->u.t.shape, y->u.t.stride) * es,
		    (char *)x->u.t.st->data + (size_t)pyt_offset(off, k, nd, x->u.t.shape, stride) * es, es);
	return y;
}

/* view (op 1) and reshape (op 0) */
static struct pyobj *
method_view(struct py_session *s, const struct builtin *b, struct pyobj *x, struct pyobj **a)
{
	int nd, shape[TENSOR_MAXDIM], dt;

	if (a[0] == NULL) {	/* view(dtype): its own dtype, a view without autograd (non-differentiable) */
		if (lib_dtype(s, b, a[1], &dt) != 0)
			return NULL;
		if (dt != (int)x->u.t.dtype)
			return py_fail(s, "view(dtype) to another dtype is not supported");
		return op_detach(s, x);
	}
	if (a[0]->u.seq.n == 1 && a[0]->u.seq.v[0]->type == PY_DTYPE)
		return py_fail(s, "view(dtype) to another dtype is not supported");
	if (py_shape_args(s, a[0]->u.seq.v, a[0]->u.seq.n, b->name, &nd, shape, 1) != 0)
		return NULL;
	return op_reshape(s, x, nd, shape, b->op);
}

/* flatten(start_dim=0, end_dim=-1): reshape's view or copy; x itself when the dims are one; a 0-dim x as (1) */
static struct pyobj *
method_flatten(struct py_session *s, const struct builtin *b, struct pyobj *x, struct pyobj **a)
{
	int nd = x->u.t.ndim, d0 = 0, d1 = nd > 0 ? nd - 1 : 0, shape[TENSOR_MAXDIM], n = 0, d;

	(void)b;
	if ((a[0] != NULL && py_to_dim(s, a[0], nd, &d0) != 0) || (a[1] != NULL && py_to_dim(s, a[1], nd, &d1) != 0))
		return NULL;
	if (nd == 0) {
		shape[0] = 1;
		return op_reshape(s, x, 1, shape, 0);
	}
	if (d0 > d1)
		return py_fail(s, "flatten() has invalid args: start_dim cannot come after end_dim");
	if (d0 == d1) {
		py_incref(x);
		return x;
	}
	for (d = 0; d < nd; d++)
		if (d <= d0 || d > d1)
			shape[n++] = x->u.t.shape[d];
		else
			shape[n - 1] *= x->u.t.shape[d];
	return op_reshape(s, x, n, shape, 0);
}

static struct pyobj *
method_unsqueeze(struct py_session *s, const struct builtin *b, struct pyobj *x, struct pyobj **a)
{
	int nd = x->u.t.ndim;
	long long k;

	(void)b;
	if (a[0] == NULL)
		return py_fail(s, "unsqueeze() missing required argument 'dim'");
	if (py_to_long(s, a[0], "unsqueeze(): argument 'dim'", &k) != 0)
		return NULL;
	if (k < -(nd + 1) || k > nd)
		return py_fail(s, "Dimension out of range (expected to be in range of [%d, %d], but got %lld)",
		    -(nd + 1), nd, k);
	return op_unsqueeze(s, x, (int)(k < 0 ? k + nd + 1 : k));
}

static struct pyobj *
method_squeeze(struct py_session *s, const struct builtin *b, struct pyobj *x, struct pyobj **a)
{
	int d;

	(void)b;
	if (a[0] == NULL || a[0]->type == PY_NONE)
		return op_squeeze(s, x, -1);
	if (py_to_dim(s, a[0], x->u.t.ndim, &d) != 0)
		return NULL;
	return op_squeeze(s, x, x->u.t.ndim == 0 ? -2 : d);
}

/* sum and mean (op R_SUM, R_MEAN) */
static struct pyobj *
method_sum(struct py_session *s, const struct builtin *b, struct pyobj *x, struct pyobj **a)
{
	struct pytensor *t = &x->u.t;
	struct pyobj *c, *r;
	unsigned dims;
	int has, dt, keep;

	/* mean's dtype check comes before the dims are wrapped */
	if (b->op == R_MEAN && t->dtype != DT_FLOAT && t->dtype != DT_DOUBLE && (a[2] == NULL || a[2]->type == PY_NONE))
		return op_reduce(s, R_MEAN, x, 0, 0, 0, 0);
	if (lib_dims(s, b, a[0], t->ndim, &dims, &has) != 0 || lib_flag(s, b, a[1], "keepdim", 0, &keep) != 0 ||
	    lib_dtype(s, b, a[2], &dt) != 0)
		return NULL;
	if (dt < 0 || dt == t->dtype)
		return op_reduce(s, b->op, x, dims, has, keep, 0);
	if ((c = op_to(s, x, dt)) == NULL)
		return NULL;
	r = op_reduce(s, b->op, c, dims, has, keep, 0);
	py_decref(c);
	return r;
}

static struct pyobj *
method_var(struct py_session *s, const struct builtin *b, struct pyobj *x, struct pyobj **a)
{
	struct pytensor *t = &x->u.t;
	struct pyobj *dimarg = a[0];
	int has, unbiased = 1, keep;
	unsigned dims;
	long long k;

	if (t->dtype != DT_FLOAT && t->dtype != DT_DOUBLE)	/* var's dtype check comes before the dims are wrapped */
		return op_reduce(s, b->op ? R_STD : R_VAR, x, 0, 0, 0, 1);
	if (dimarg != NULL && dimarg->type == PY_BOOL) {	/* var(unbiased) */
		unbiased = (int)dimarg->u.i;
		dimarg = NULL;
	} else if (lib_flag(s, b, a[1], "unbiased", 1, &unbiased) != 0) {
		return NULL;
	}
	if (lib_dims(s, b, dimarg, t->ndim, &dims, &has) != 0 || lib_flag(s, b, a[2], "keepdim", 0, &keep) != 0)
		return NULL;
	if (a[3] != NULL && a[3]->type != PY_NONE) {
		if (py_to_long(s, a[3], "var(): argument 'correction'", &k) != 0)
			return NULL;
		unbiased = (int)k;
	}
	return op_reduce(s, b->op ? R_STD : R_VAR, x, dims, has, keep, unbiased);
}

/* max, min, argmax, argmin: op's bit 1 is min, bit 2 arg */
static struct pyobj *
method_max(struct py_session *s, const struct builtin *b, struct pyobj *x, struct pyobj **a)
{
	struct pytensor *t = &x->u.t;
	int is_min = b->op & 1, arg = b->op >> 1 & 1, keep, d, i;
	struct pyobj *r;

	if (!arg && (a[2] != NULL || (a[0] != NULL && a[0]->type == PY_TENSOR)))	/* max(other) */
		return lib_maximum(s, x, a[2] != NULL ? a[2] : a[0], is_min);
	if (lib_flag(s, b, a[1], "keepdim", 0, &keep) != 0)
		return NULL;
	if (a[0] != NULL && a[0]->type != PY_NONE) {
		if (py_to_dim(s, a[0], t->ndim, &d) != 0)
			return NULL;
		return op_max(s, x, t->ndim == 0 ? -3 : d, keep, is_min, arg);
	}
	r = op_max(s, x, -1, 0, is_min, arg);
	if (r != NULL && arg && keep) {	/* argmax(keepdim=True): all dims kept as 1 */
		r->u.t.ndim = t->ndim;
		for (i = 0; i < t->ndim; i++) {
			r->u.t.shape[i] = 1;
			r->u.t.stride[i] = 1;
		}
	}
	return r;
}

/* exp, sqrt, abs, tanh, log (op U_*) */
static struct pyobj *
method_unary(struct py_session *s, const struct builtin *b, struct pyobj *x, struct pyobj **a)
{
	(void)a;
	return op_unary(s, b->op, x);
}

/* softmax(x, dim, dtype=dt): x converted to dt first when dt is given and differs */
static struct pyobj *
softmax_as(struct py_session *s, struct pyobj *x, int d, int dt)
{
	struct pyobj *c;

	if (dt < 0 || dt == (int)x->u.t.dtype)
		return op_softmax(s, x, d);
	if ((c = op_to(s, x, dt)) == NULL)
		return NULL;
	return py_drop(op_softmax(s, c, d), c);
}

static struct pyobj *
method_softmax(struct py_session *s, const struct builtin *b, struct pyobj *x, struct pyobj **a)
{
	int nd = x->u.t.ndim, d, dt, fn = b->op == 1;	/* F.softmax */
	struct pyobj *dtarg = a[fn ? 2 : 1];	/* F.softmax's a[]: dim, _stacklevel, dtype */

	if ((a[0] == NULL || a[0]->type == PY_NONE) && fn) {
		/* F.softmax(x): _get_softmax_dim's implicit choice, with its warning */
		d = nd == 0 || nd == 1 || nd == 3 ? 0 : 1;
		if (!s->warned)
			py_warn(s, "Implicit dimension choice for softmax has been deprecated. Change the call to include "
			    "dim=X as an argument.");
		if (lib_dtype(s, b, dtarg, &dt) != 0)
			return NULL;
		return softmax_as(s, x, d, dt);
	}
	if (a[0] == NULL || a[0]->type == PY_NONE)
		return py_fail(s, "softmax() missing required argument 'dim' (pos 1)");
	if (py_to_dim(s, a[0], nd, &d) != 0 || lib_dtype(s, b, dtarg, &dt) != 0)
		return NULL;
	return softmax_as(s, x, d, dt);
}

/* masked_fill (op 0) and masked_fill_ (op 1) */
static struct pyobj *
method_masked_fill(struct py_session *s, const struct builtin *b, struct pyobj *x, struct pyobj **a)
{
	if (a[0] == NULL || a[1] == NULL)
		return py_fail(s, "%s() missing required argument '%s'", b->name, a[0] == NULL ? "mask" : "value");
	return op_masked_fill(s, x, a[0], a[1], b->op);
}

static struct pyobj *
method_dot(struct py_session *s, const struct builtin *b, struct pyobj *x, struct pyobj **a)
{
	if (lib_need_tensor(s, b, a[0], "tensor", 1) == NULL)
		return NULL;
	if (x->u.t.ndim != 1 || a[0]->u.t.ndim != 1)
		return py_fail(s, "1D tensors expected, but got %dD and %dD tensors", x->u.t.ndim, a[0]->u.t.ndim);
	return op_matmul(s, x, a[0]);
}

static struct pyobj *
method_matmul(struct py_session *s, const struct builtin *b, struct pyobj *x, struct pyobj **a)
{
	if (lib_need_tensor(s, b, a[0], "other", 1) == NULL)
		return NULL;
	return op_matmul(s, x, a[0]);
}

/* mm (op 0): two matrices; bmm (op 1): two batches of them, the same batch, BmmBackward0 */
static struct pyobj *
method_mm(struct py_session *s, const struct builtin *b, struct pyobj *x, struct pyobj **a)
{
	int nd = b->op ? 3 : 2;
	struct pyobj *y;

	if (lib_need_tensor(s, b, a[0], "mat2", 1) == NULL)
		return NULL;
	if (x->u.t.ndim != nd)
		return py_fail(s, b->op ? "RuntimeError: batch1 must be a 3D tensor" : "self must be a matrix");
	if (a[0]->u.t.ndim != nd)
		return py_fail(s, b->op ? "RuntimeError: batch2 must be a 3D tensor" : "mat2 must be a matrix");
	if (b->op && (a[0]->u.t.shape[0] != x->u.t.shape[0] || a[0]->u.t.shape[1] != x->u.t.shape[2]))
		return py_fail(s, "Expected size for first two dimensions of batch2 tensor to be: [%d, %d] but got: "
		    "[%d, %d].", x->u.t.shape[0], x->u.t.shape[2], a[0]->u.t.shape[0], a[0]->u.t.shape[1]);
	if ((y = op_matmul(s, x, a[0])) != NULL && b->op)	/* bmm itself, where matmul views its result */
		pyt_set_grad(y, "BmmBackward0", pyt_grad(x) || pyt_grad(a[0]));
	return y;
}

/* x.requires_grad_(requires_grad=True): a leaf's flag; a result's stays on (it only says so) */
static struct pyobj *
method_requires_grad(struct py_session *s, const struct builtin *b, struct pyobj *x, struct pyobj **a)
{
	int on = 1;

	(void)b;
	if (a[0] != NULL) {
		if (a[0]->type != PY_BOOL)
			return py_fail(s, "requires_grad_(): argument 'requires_grad' (position 1) must be bool, not %s",
			    py_type_name(a[0]));
		on = (int)a[0]->u.i;
	}
	if (on && x->u.t.dtype != DT_FLOAT && x->u.t.dtype != DT_DOUBLE)
		return py_fail(s, "RuntimeError: only Tensors of floating point dtype can require gradients");
	if (x->u.t.grad_fn != NULL && !on)
		return py_fail(s, "RuntimeError: you can only change requires_grad flags of leaf variables. If you want "
		    "to use a computed variable in a subgraph that doesn't require differentiation use var_no_grad = "
		    "var.detach().");
	if (x->u.t.grad_fn == NULL)
		x->u.t.requires_grad = on;
	py_incref(x);
	return x;
}

/* bool, float, long (op the DT_*) */
static struct pyobj *
method_as(struct py_session *s, const struct builtin *b, struct pyobj *x, struct pyobj **a)
{
	(void)a;
	return op_to(s, x, b->op);
}

static struct pyobj *
method_to(struct py_session *s, const struct builtin *b, struct pyobj *x, struct pyobj **a)
{
	int dt;

	if (a[0] == NULL) {	/* to(): the tensor itself */
		py_incref(x);
		return x;
	}
	if (lib_dtype(s, b, a[0], &dt) != 0)
		return NULL;
	return op_to(s, x, dt);
}

/* contiguous (op 0), item, tolist, detach: the tensor alone */
static struct pyobj *
method_plain(struct py_session *s, const struct builtin *b, struct pyobj *x, struct pyobj **a)
{
	static struct pyobj *(*const ops[])(struct py_session *, struct pyobj *) = {
		op_contiguous, op_item, op_tolist, op_detach
	};

	(void)a;
	return ops[b->op](s, x);
}

static struct pyobj *
method_clone(struct py_session *s, const struct builtin *b, struct pyobj *x, struct pyobj **a)
{
	(void)b, (void)a;
	return op_clone(s, x, "CloneBackward0");
}

static struct pyobj *
method_allclose(struct py_session *s, const struct builtin *b, struct pyobj *x, struct pyobj **a)
{
	double rtol = 1e-5, atol = 1e-8;
	int r;

	if (lib_need_tensor(s, b, a[0], "other", 1) == NULL ||
	    (a[1] != NULL && py_to_double(s, a[1], "allclose(): argument 'rtol'", &rtol) != 0) ||
	    (a[2] != NULL && py_to_double(s, a[2], "allclose(): argument 'atol'", &atol) != 0) ||
	    op_allclose(s, x, a[0], rtol, atol, &r) != 0)
		return NULL;
	return py_bool(r);
}

static struct pyobj *
method_equal(struct py_session *s, const struct builtin *b, struct pyobj *x, struct pyobj **a)
{
	int r;

	if (lib_need_tensor(s, b, a[0], "other", 1) == NULL || op_equal(s, x, a[0], &r) != 0)
		return NULL;
	return py_bool(r);
}

/* tril (op 0), triu (op 1) */
static struct pyobj *
method_tri(struct py_session *s, const struct builtin *b, struct pyobj *x, struct pyobj **a)
{
	long long k = 0;

	if (a[0] != NULL && py_to_long(s, a[0], "diagonal", &k) != 0)
		return NULL;
	return op_tri(s, x, k, b->op);
}

static struct pyobj *
method_is_contiguous(struct py_session *s, const struct builtin *b, struct pyobj *x, struct pyobj **a)
{
	(void)s, (void)b, (void)a;
	return py_bool(pyt_is_contiguous(&x->u.t));
}

static struct pyobj *
method_stride(struct py_session *s, const struct builtin *b, struct pyobj *x, struct pyobj **a)
{
	struct pytensor *t = &x->u.t;
	struct pyobj *r;
	int d;

	(void)b;
	if (a[0] != NULL && a[0]->type != PY_NONE) {
		if (py_to_dim(s, a[0], t->ndim, &d) != 0)
			return NULL;
		return py_int(t->ndim ? t->stride[d] : 1);
	}
	r = py_seq(PY_TUPLE, t->ndim);
	for (d = 0; d < t->ndim; d++)
		r->u.seq.v[d] = py_int(t->stride[d]);
	return r;
}

/* add, sub, mul, div, pow (op the B_*) */
static struct pyobj *
method_binary(struct py_session *s, const struct builtin *b, struct pyobj *x, struct pyobj **a)
{
	if (a[0] == NULL)
		return py_fail(s, "%s() missing required argument 'other'", b->name);
	return op_binary(s, b->op, x, a[0]);
}

/* add_, sub_, mul_, div_ (op the B_*) */
static struct pyobj *
method_inplace(struct py_session *s, const struct builtin *b, struct pyobj *x, struct pyobj **a)
{
	if (a[0] == NULL)
		return py_fail(s, "%s() missing required argument 'other'", b->name);
	return op_inplace(s, b->op, x, a[0]);
}

/* sum and mean: a[] is dim, keepdim, dtype */
#define SUM_PARAMS "dim, keepdim=False, *, dtype=None | *, dtype=None | dim, keepdim=False, *, dtype=None"
/* var and std: a[] is dim, unbiased, keepdim, correction */
#define VAR_PARAMS "dim, unbiased=True, keepdim=False | dim, *, correction, keepdim=False | unbiased=True" \
	" | dim, unbiased=True, keepdim=False | dim, *, correction, keepdim=False"
/* max and min: a[] is dim, keepdim, other */
#define MAX_PARAMS "dim, keepdim=False |  | other | dim, keepdim=False"
/* to: a[] is dtype */
#define TO_PARAMS "dtype, ~non_blocking=False, ~copy=False, *, ~memory_format=None" \
	" | ~device=None, dtype=None, ~non_blocking=False, ~copy=False, *, ~memory_format=None" \
	" | ~tensor, ~non_blocking=False, ~copy=False, *, ~memory_format=None"
/* div: a[] is other (the Tensor and the Number other; rounding_mode=None is true division) */
#define DIV_PARAMS "other | other, *, ~rounding_mode | other, *, ~rounding_mode"

/*
 * The rows, written once for two sections of the table: a kind M is a
 * method x.name(params); B a method and torch.name(input, params), the
 * tensor first; B0 one that takes nothing ("/": METH_NOARGS) and
 * torch.name(input); T torch.name(input, params) alone.  LIB_F64: it takes
 * float64 (pyf64.c).  The parameters are PyTorch 1.13's, overloads and all
 * (lib.h: the grammar), so that a call PyTorch refuses is refused with its
 * message; the Dimname overloads are written too, as they count in its
 * choice of message.
 */
#define TENSOR_ROWS(X) \
	X(M, "size", method_size, 0, " | dim | dim", LIB_F64) \
	X(M, "dim", method_dim, 0, "/", LIB_F64) \
	X(M, "ndimension", method_dim, 0, "/", LIB_F64) \
	X(B0, "numel", method_numel, 0, "/", LIB_F64) \
	X(M, "nelement", method_numel, 0, "/", LIB_F64) \
	X(B, "transpose", method_transpose, 0, "dim0, dim1 | dim0, dim1", LIB_F64) \
	X(B0, "t", method_t, 0, "/", LIB_F64) \
	X(M, "permute", method_permute, 0, "*dims", LIB_F64) \
	X(T, "permute", method_permute, 0, "*dims", LIB_F64) \
	X(M, "flip", method_flip, 0, "*dims", 0) \
	X(T, "flip", method_flip, 0, "dims", 0) \
	X(M, "view", method_view, 1, "*size | dtype", LIB_F64) \
	X(M, "reshape", method_view, 0, "*shape", LIB_F64) \
	X(B, "flatten", method_flatten, 0, "start_dim=0, end_dim=-1", 0) \
	X(T, "reshape", method_view, 0, "*shape", LIB_F64) \
	X(M, "contiguous", method_plain, 0, "*, ~memory_format=torch.contiguous_format", LIB_F64) \
	X(B, "unsqueeze", method_unsqueeze, 0, "dim", LIB_F64) \
	X(B, "squeeze", method_squeeze, 0, " | dim | dim", LIB_F64) \
	X(B, "sum", method_sum, R_SUM, SUM_PARAMS, LIB_F64) \
	X(B, "mean", method_sum, R_MEAN, SUM_PARAMS, LIB_F64) \
	X(B, "var", method_var, 0, VAR_PARAMS, LIB_F64) \
	X(B, "std", method_var, 1, VAR_PARAMS, LIB_F64) \
	X(B, "max", method_max, 0, MAX_PARAMS, LIB_F64) \
	X(B, "min", method_max, 1, MAX_PARAMS, LIB_F64) \
	X(B, "argmax", method_max, 2, "dim=None, keepdim=False", LIB_F64) \
	X(B, "argmin", method_max, 3, "dim=None, keepdim=False", LIB_F64) \
	X(B0, "exp", method_unary, U_EXP, "/", LIB_F64) \
	X(B0, "sqrt", method_unary, U_SQRT, "/", LIB_F64) \
	X(B0, "abs", method_unary, U_ABS, "/", LIB_F64) \
	X(B0, "tanh", method_unary, U_TANH, "/", 0) \
	X(B0, "log", method_unary, U_LOG, "/", 0) \
	X(B, "softmax", method_softmax, 0, "dim, dtype=None | dim, *, dtype=None", LIB_F64) \
	X(B, "masked_fill", method_masked_fill, 0, "mask, value | mask, value", LIB_F64) \
	X(M, "masked_fill_", method_masked_fill, 1, "mask, value | mask, value", LIB_F64) \
	X(B, "dot", method_dot, 0, "tensor", LIB_F64) \
	X(B, "matmul", method_matmul, 0, "other", LIB_F64) \
	X(B, "mm", method_mm, 0, "mat2", LIB_F64) \
	X(B, "bmm", method_mm, 1, "mat2", LIB_F64) \
	X(M, "bool", method_as, DT_BOOL, "*, ~memory_format=torch.preserve_format", LIB_F64) \
	X(M, "float", method_as, DT_FLOAT, "*, ~memory_format=torch.preserve_format", LIB_F64) \
	X(M, "double", method_as, DT_DOUBLE, "*, ~memory_format=torch.preserve_format", LIB_F64) \
	X(M, "long", method_as, DT_INT64, "*, ~memory_format=torch.preserve_format", LIB_F64) \
	X(M, "to", method_to, 0, TO_PARAMS, LIB_F64) \
	X(M, "item", method_plain, 1, "/", LIB_F64) \
	X(M, "requires_grad_", method_requires_grad, 0, "requires_grad=True", LIB_F64) \
	X(M, "tolist", method_plain, 2, "/", LIB_F64) \
	X(B0, "detach", method_plain, 3, "/", LIB_F64) \
	X(B, "clone", method_clone, 0, "*, ~memory_format=torch.preserve_format", LIB_F64) \
	X(B, "allclose", method_allclose, 0, "other, rtol=1e-05, atol=1e-08, equal_nan=False", LIB_F64) \
	X(B, "equal", method_equal, 0, "other", LIB_F64) \
	X(B, "tril", method_tri, 0, "diagonal=0", LIB_F64) \
	X(B, "triu", method_tri, 1, "diagonal=0", LIB_F64) \
	X(M, "is_contiguous", method_is_contiguous, 0, "~memory_format=torch.contiguous_format", LIB_F64) \
	X(M, "stride", method_stride, 0, " | dim | dim", LIB_F64) \
	X(B, "add", method_binary, B_ADD, "other, *, ~alpha=1", LIB_F64) \
	X(B, "sub", method_binary, B_SUB, "other, *, ~alpha=1", LIB_F64) \
	X(B, "mul", method_binary, B_MUL, "other", LIB_F64) \
	X(B, "div", method_binary, B_DIV, DIV_PARAMS, LIB_F64) \
	X(B, "pow", method_binary, B_POW, "exponent | exponent", LIB_F64) \
	X(M, "add_", method_inplace, B_ADD, "other, *, ~alpha=1", LIB_F64) \
	X(M, "sub_", method_inplace, B_SUB, "other, *, ~alpha=1", LIB_F64) \
	X(M, "mul_", method_inplace, B_MUL, "other", LIB_F64) \
	X(M, "div_", method_inplace, B_DIV, DIV_PARAMS, LIB_F64)

/* each kind's row in the methods' section (M_), in torch's (T_) */
#define M_M(name, fn, op, params, f64) { name, fn, op, params, f64 },
#define M_B M_M
#define M_B0 M_M
#define M_T(name, fn, op, params, f64)
#define T_M(name, fn, op, params, f64)
#define T_B(name, fn, op, params, f64) { name, fn, op, params, LIB_SELF_FIRST | LIB_VF | f64 },
#define T_B0(name, fn, op, params, f64) { name, fn, op, "", LIB_SELF_FIRST | LIB_VF | f64 },
#define T_T T_B
#define METHOD(kind, name, fn, op, params, f64) M_##kind(name, fn, op, params, f64)
#define TORCH(kind, name, fn, op, params, f64) T_##kind(name, fn, op, params, f64)

const struct builtin lib_tensor_rows[] = {
	LIB_NS("Tensor"),
	TENSOR_ROWS(METHOD)
	LIB_NS("torch"),
	TENSOR_ROWS(TORCH)
	LIB_NS("torch.nn.functional"),
	{ "softmax", method_softmax, 1, "[def] dim=None, _stacklevel=3, dtype=None", LIB_SELF_FIRST | LIB_F64 },
	LIB_END
};
