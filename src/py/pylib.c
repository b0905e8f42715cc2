/*
 * pylib.c - the names behind the dots: torch.*, torch.nn.*,
 * torch.nn.functional.*, math.*, Python's builtins (print, len, float),
 * a tensor's methods and attributes, and the modules (nn.Linear,
 * nn.Dropout, nn.Softmax) with their calls.  Each entry binds its
 * arguments as Python does, then calls pyops.c.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pyint.h"

#define MAXARGS 8

/* ---- helpers for the entries ---- */

static int
is_tensor(const struct pyobj *o)
{
	return o != NULL && o->type == PY_TENSOR;
}

static struct pyobj *
need_tensor(struct py_session *s, const struct builtin *b, struct pyobj *o, const char *arg, int pos)
{
	if (is_tensor(o))
		return o;
	return py_fail(s, "%s(): argument '%s' (position %d) must be Tensor, not %s", b->name, arg, pos,
	    o ? py_type_name(o) : "NoneType");
}

/* a[i] as bool (None/absent: dflt) */
static int
flag(struct py_session *s, const struct builtin *b, struct pyobj *o, const char *arg, int dflt, int *out)
{
	if (o == NULL) {
		*out = dflt;
		return 0;
	}
	if (o->type != PY_BOOL) {
		py_fail(s, "%s(): argument '%s' must be bool, not %s", b->name, arg, py_type_name(o));
		return -1;
	}
	*out = (int)o->u.i;
	return 0;
}

/* dims: an int, a tuple or list of ints, or None (every dim); a bit set */
static int
dims_arg(struct py_session *s, const struct builtin *b, struct pyobj *o, int ndim, unsigned *dims, int *has)
{
	int d, i;

	*dims = 0;
	*has = 0;
	if (o == NULL || o->type == PY_NONE)
		return 0;
	*has = 1;
	if (o->type == PY_TUPLE || o->type == PY_LIST) {
		for (i = 0; i < o->u.seq.n; i++)	/* every dim wrapped (range errors) before duplicates */
			if (py_to_dim(s, o->u.seq.v[i], ndim, &d) != 0)
				return -1;
		for (i = 0; i < o->u.seq.n; i++) {
			py_to_dim(s, o->u.seq.v[i], ndim, &d);
			if (*dims >> d & 1) {
				py_fail(s, "dim %d appears multiple times in the list of dims", d);
				return -1;
			}
			*dims |= 1u << d;
		}
		return 0;
	}
	if (o->type == PY_STR) {
		py_fail(s, "Name '%s' not found in Tensor[%s].", o->u.str.s,
		    ndim == 1 ? "None" : ndim == 2 ? "None, None" : ndim == 3 ? "None, None, None" : "...");
		return -1;
	}
	if (o->type != PY_INT) {
		py_fail(s, "%s(): argument 'dim' must be tuple of ints, not %s", b->name, py_type_name(o));
		return -1;
	}
	if (py_to_dim(s, o, ndim, &d) != 0)
		return -1;
	*dims = 1u << d;
	return 0;
}

static int
dtype_arg(struct py_session *s, const struct builtin *b, struct pyobj *o, int *dt)
{
	if (o == NULL || o->type == PY_NONE) {
		*dt = -1;
		return 0;
	}
	if (o->type != PY_DTYPE) {
		py_fail(s, "%s(): argument 'dtype' must be torch.dtype, not %s", b->name, py_type_name(o));
		return -1;
	}
	*dt = (int)o->u.i;
	return 0;
}

static struct pyobj *
with_grad(struct pyobj *t, struct py_session *s, const struct builtin *b, struct pyobj *rg)
{
	int r;

	if (t == NULL)
		return NULL;
	if (flag(s, b, rg, "requires_grad", 0, &r) != 0) {
		py_decref(t);
		return NULL;
	}
	if (r) {
		if (t->u.t.dtype != DT_FLOAT) {
			py_decref(t);
			return py_fail(s, "Only Tensors of floating point and complex dtype can require gradients");
		}
		t->u.t.requires_grad = 1;
	}
	return t;
}

/* ---- methods (and their torch.f mirrors) ---- */

enum {
	M_SIZE, M_DIM, M_NUMEL, M_TRANSPOSE, M_T, M_PERMUTE, M_VIEW, M_RESHAPE, M_CONTIGUOUS,
	M_UNSQUEEZE, M_SQUEEZE, M_SUM, M_MEAN, M_VAR, M_MAX, M_MIN, M_ARGMAX, M_ARGMIN,
	M_EXP, M_SQRT, M_ABS, M_SOFTMAX, M_MASKED_FILL, M_MASKED_FILL_, M_DOT, M_MATMUL, M_MM,
	M_BOOL, M_FLOAT, M_LONG, M_ITEM, M_TOLIST, M_DETACH, M_CLONE, M_ALLCLOSE, M_EQUAL,
	M_TRIL, M_TRIU, M_IS_CONTIGUOUS, M_STRIDE, M_TO, M_ADD, M_SUB, M_MUL, M_DIV, M_POW,
	M_ADD_, M_SUB_, M_MUL_, M_DIV_
};

/* softmax(x, dim, dtype=dt): x converted to dt first when dt is given and differs. */
static struct pyobj *
softmax_as(struct py_session *s, struct pyobj *x, int d, int dt)
{
	struct pyobj *c, *r;

	if (dt < 0 || dt == (int)x->u.t.dtype)
		return op_softmax(s, x, d);
	if ((c = op_to(s, x, dt)) == NULL)
		return NULL;
	r = op_softmax(s, c, d);
	py_decref(c);
	return r;
}

static struct pyobj *
method(struct py_session *s, const struct builtin *b, struct pyobj *x, struct pyobj **a)
{
	struct pytensor *t = &x->u.t;
	int d, d2, flagv, nd, shape[TENSOR_MAXDIM];
	unsigned dims;
	long long k;

	switch (b->op) {
	case M_SIZE:
		if (a[0] == NULL || a[0]->type == PY_NONE)
			return py_size(t->ndim, t->shape);
		if (t->ndim == 0 && py_to_long(s, a[0], "size(): argument 'dim'", &k) == 0)
			return py_fail(s, "Dimension specified as %lld but tensor has no dimensions", k);
		if (py_to_dim(s, a[0], t->ndim, &d) != 0)
			return NULL;
		return py_int(t->ndim ? t->shape[d] : 1);
	case M_DIM:
		return py_int(t->ndim);
	case M_NUMEL:
		return py_int((long long)t->numel);
	case M_TRANSPOSE:
		if (a[0] == NULL || a[1] == NULL)
			return py_fail(s, "transpose() missing required argument '%s'", a[0] == NULL ? "dim0" : "dim1");
		if (py_to_dim(s, a[0], t->ndim, &d) != 0 || py_to_dim(s, a[1], t->ndim, &d2) != 0)
			return NULL;
		return op_transpose(s, x, d, d2, "TransposeBackward0");
	case M_T:
		if (t->ndim > 2)
			return py_fail(s, "t() expects a tensor with <= 2 dimensions, but self is %dD", t->ndim);
		return op_transpose(s, x, 0, t->ndim == 2 ? 1 : 0, "TBackward0");
	case M_PERMUTE: {
		struct pyobj *seq = a[0];
		int perm[TENSOR_MAXDIM], seen = 0, n, i;

		if (seq->u.seq.n == 1 && (seq->u.seq.v[0]->type == PY_TUPLE || seq->u.seq.v[0]->type == PY_LIST))
			seq = seq->u.seq.v[0];
		n = seq->u.seq.n;
		if (n != t->ndim)
			return py_fail(s, "permute(sparse_coo): number of dimensions in the tensor input does not match the "
			    "length of the desired ordering of dimensions i.e. input.dim() = %d is not equal to len(dims) = %d",
			    t->ndim, n);
		for (i = 0; i < n; i++) {
			if (py_to_dim(s, seq->u.seq.v[i], t->ndim, &perm[i]) != 0)
				return NULL;
			if (seen >> perm[i] & 1)
				return py_fail(s, "permute(): duplicate dims are not allowed.");
			seen |= 1 << perm[i];
		}
		return op_permute(s, x, perm);
	}
	case M_VIEW:
	case M_RESHAPE:
		if (a[0]->u.seq.n == 1 && a[0]->u.seq.v[0]->type == PY_DTYPE)
			return py_fail(s, "view(dtype) is not supported");
		if (py_shape_args(s, a[0]->u.seq.v, a[0]->u.seq.n, b->name, &nd, shape, 1) != 0)
			return NULL;
		return op_reshape(s, x, nd, shape, b->op == M_VIEW);
	case M_CONTIGUOUS:
		return op_contiguous(s, x);
	case M_UNSQUEEZE:
		if (a[0] == NULL)
			return py_fail(s, "unsqueeze() missing required argument 'dim'");
		if (py_to_long(s, a[0], "unsqueeze(): argument 'dim'", &k) != 0)
			return NULL;
		if (k < -(t->ndim + 1) || k > t->ndim)
			return py_fail(s, "Dimension out of range (expected to be in range of [%d, %d], but got %lld)",
			    -(t->ndim + 1), t->ndim, k);
		return op_unsqueeze(s, x, (int)(k < 0 ? k + t->ndim + 1 : k));
	case M_SQUEEZE:
		if (a[0] == NULL || a[0]->type == PY_NONE)
			return op_squeeze(s, x, -1);
		if (py_to_dim(s, a[0], t->ndim, &d) != 0)
			return NULL;
		return op_squeeze(s, x, t->ndim == 0 ? -2 : d);
	case M_SUM:
	case M_MEAN: {
		int has, dt;

		/* mean's dtype check comes before the dims are wrapped */
		if (b->op == M_MEAN && t->dtype != DT_FLOAT && (a[2] == NULL || a[2]->type == PY_NONE))
			return op_reduce(s, R_MEAN, x, 0, 0, 0, 0);
		if (dims_arg(s, b, a[0], t->ndim, &dims, &has) != 0 || flag(s, b, a[1], "keepdim", 0, &flagv) != 0 ||
		    dtype_arg(s, b, a[2], &dt) != 0)
			return NULL;
		if (dt >= 0 && dt != t->dtype) {
			struct pyobj *c = op_to(s, x, dt), *r;

			if (c == NULL)
				return NULL;
			r = op_reduce(s, b->op == M_SUM ? R_SUM : R_MEAN, c, dims, has, flagv, 0);
			py_decref(c);
			return r;
		}
		return op_reduce(s, b->op == M_SUM ? R_SUM : R_MEAN, x, dims, has, flagv, 0);
	}
	case M_VAR: {
		int has, unbiased = 1;
		struct pyobj *dimarg = a[0];

		if (t->dtype != DT_FLOAT)	/* var's dtype check comes before the dims are wrapped */
			return op_reduce(s, R_VAR, x, 0, 0, 0, 1);

		if (dimarg != NULL && dimarg->type == PY_BOOL) {	/* var(unbiased) */
			unbiased = (int)dimarg->u.i;
			dimarg = NULL;
		} else if (flag(s, b, a[1], "unbiased", 1, &unbiased) != 0) {
			return NULL;
		}
		if (dims_arg(s, b, dimarg, t->ndim, &dims, &has) != 0 || flag(s, b, a[2], "keepdim", 0, &flagv) != 0)
			return NULL;
		if (a[3] != NULL && a[3]->type != PY_NONE) {
			if (py_to_long(s, a[3], "var(): argument 'correction'", &k) != 0)
				return NULL;
			unbiased = (int)k;
		}
		return op_reduce(s, R_VAR, x, dims, has, flagv, unbiased);
	}
	case M_MAX:
	case M_MIN:
	case M_ARGMAX:
	case M_ARGMIN: {
		int arg = b->op == M_ARGMAX || b->op == M_ARGMIN, is_min = b->op == M_MIN || b->op == M_ARGMIN;

		if (a[0] != NULL && a[0]->type == PY_TENSOR)
			return py_fail(s, "%s(other): the element-wise form is not supported", b->name);
		if (flag(s, b, a[1], "keepdim", 0, &flagv) != 0)
			return NULL;
		if (a[0] == NULL || a[0]->type == PY_NONE) {
			struct pyobj *r = op_max(s, x, -1, 0, is_min, arg);

			if (r != NULL && arg && flagv) {	/* argmax(keepdim=True): all dims kept as 1 */
				int ones[TENSOR_MAXDIM], i;
				long long st[TENSOR_MAXDIM];

				for (i = 0; i < t->ndim; i++) {
					ones[i] = 1;
					st[i] = 1;
				}
				r->u.t.ndim = t->ndim;
				memcpy(r->u.t.shape, ones, sizeof(int) * (size_t)t->ndim);
				memcpy(r->u.t.stride, st, sizeof(long long) * (size_t)t->ndim);
			}
			return r;
		}
		if (py_to_dim(s, a[0], t->ndim, &d) != 0)
			return NULL;
		return op_max(s, x, t->ndim == 0 ? -3 : d, flagv, is_min, arg);
	}
	case M_EXP:
		return op_unary(s, U_EXP, x);
	case M_SQRT:
		return op_unary(s, U_SQRT, x);
	case M_ABS:
		return op_unary(s, U_ABS, x);
	case M_SOFTMAX: {
		int dt;

		if ((a[0] == NULL || a[0]->type == PY_NONE) && strcmp(b->ns, "torch.nn.functional") == 0) {
			/* F.softmax(x): _get_softmax_dim's implicit choice, with its warning */
			d = t->ndim == 0 || t->ndim == 1 || t->ndim == 3 ? 0 : 1;
			if (!s->warned)
				py_warn(s, "Implicit dimension choice for softmax has been deprecated. Change the call to include "
				    "dim=X as an argument.");
			if (dtype_arg(s, b, a[1], &dt) != 0)
				return NULL;
			return softmax_as(s, x, d, dt);
		}
		if (a[0] == NULL || a[0]->type == PY_NONE)
			return py_fail(s, "softmax() missing required argument 'dim' (pos 1)");
		if (py_to_dim(s, a[0], t->ndim, &d) != 0 || dtype_arg(s, b, a[1], &dt) != 0)
			return NULL;
		return softmax_as(s, x, d, dt);
	}
	case M_MASKED_FILL:
	case M_MASKED_FILL_:
		if (a[0] == NULL || a[1] == NULL)
			return py_fail(s, "%s() missing required argument '%s'", b->name, a[0] == NULL ? "mask" : "value");
		return op_masked_fill(s, x, a[0], a[1], b->op == M_MASKED_FILL_);
	case M_DOT:
		if (need_tensor(s, b, a[0], "tensor", 1) == NULL)
			return NULL;
		if (t->ndim != 1 || a[0]->u.t.ndim != 1)
			return py_fail(s, "1D tensors expected, but got %dD and %dD tensors", t->ndim, a[0]->u.t.ndim);
		return op_matmul(s, x, a[0]);
	case M_MATMUL:
		if (need_tensor(s, b, a[0], "other", 1) == NULL)
			return NULL;
		return op_matmul(s, x, a[0]);
	case M_MM:
		if (need_tensor(s, b, a[0], "mat2", 1) == NULL)
			return NULL;
		if (t->ndim != 2)
			return py_fail(s, "self must be a matrix");
		if (a[0]->u.t.ndim != 2)
			return py_fail(s, "mat2 must be a matrix");
		return op_matmul(s, x, a[0]);
	case M_BOOL:
		return op_to(s, x, DT_BOOL);
	case M_FLOAT:
		return op_to(s, x, DT_FLOAT);
	case M_LONG:
		return op_to(s, x, DT_INT64);
	case M_TO: {
		int dt;

		if (a[0] == NULL || dtype_arg(s, b, a[0], &dt) != 0)
			return a[0] == NULL ? py_fail(s, "to() received an invalid combination of arguments - got ()") : NULL;
		return op_to(s, x, dt);
	}
	case M_ITEM:
		return op_item(s, x);
	case M_TOLIST:
		return op_tolist(s, x);
	case M_DETACH:
		return op_detach(s, x);
	case M_CLONE:
		return op_clone(s, x, "CloneBackward0");
	case M_ALLCLOSE: {
		double rtol = 1e-5, atol = 1e-8;
		int r;

		if (need_tensor(s, b, a[0], "other", 1) == NULL ||
		    (a[1] != NULL && py_to_double(s, a[1], "allclose(): argument 'rtol'", &rtol) != 0) ||
		    (a[2] != NULL && py_to_double(s, a[2], "allclose(): argument 'atol'", &atol) != 0) ||
		    op_allclose(s, x, a[0], rtol, atol, &r) != 0)
			return NULL;
		return py_bool(r);
	}
	case M_EQUAL: {
		int r;

		if (need_tensor(s, b, a[0], "other", 1) == NULL || op_equal(s, x, a[0], &r) != 0)
			return NULL;
		return py_bool(r);
	}
	case M_TRIL:
	case M_TRIU:
		k = 0;
		if (a[0] != NULL && py_to_long(s, a[0], "diagonal", &k) != 0)
			return NULL;
		return op_tri(s, x, k, b->op == M_TRIU);
	case M_IS_CONTIGUOUS:
		return py_bool(pyt_is_contiguous(t));
	case M_STRIDE:
		if (a[0] == NULL || a[0]->type == PY_NONE) {
			struct pyobj *r = py_seq(PY_TUPLE, t->ndim);

			for (d = 0; d < t->ndim; d++)
				r->u.seq.v[d] = py_int(t->stride[d]);
			return r;
		}
		if (py_to_dim(s, a[0], t->ndim, &d) != 0)
			return NULL;
		return py_int(t->ndim ? t->stride[d] : 1);
	case M_ADD: case M_SUB: case M_MUL: case M_DIV: case M_POW: {
		static const int ops[] = { B_ADD, B_SUB, B_MUL, B_DIV, B_POW };

		if (a[0] == NULL)
			return py_fail(s, "%s() missing required argument 'other'", b->name);
		return op_binary(s, ops[b->op - M_ADD], x, a[0]);
	}
	case M_ADD_: case M_SUB_: case M_MUL_: case M_DIV_: {
		static const int ops[] = { B_ADD, B_SUB, B_MUL, B_DIV };

		if (a[0] == NULL)
			return py_fail(s, "%s() missing required argument 'other'", b->name);
		return op_inplace(s, ops[b->op - M_ADD_], x, a[0]);
	}
	}
	return py_fail(s, "%s() is not supported", b->name);
}

/* ---- torch., nn., F., math. and Python's builtins ---- */

enum {
	F_TENSOR, F_ONES, F_ZEROS, F_EMPTY, F_ONES_LIKE, F_ZEROS_LIKE, F_RAND, F_RANDN, F_MANUAL_SEED,
	F_STACK, F_CAT, F_ARANGE, F_LINEAR, F_DROPOUT, F_PARAMETER, F_NN_LINEAR, F_NN_DROPOUT, F_NN_SOFTMAX,
	F_SQRT, F_MATH_EXP, F_PRINT, F_LEN, F_FLOAT, F_INT, F_BOOL, F_ABS, F_SIZE
};

/* the shape in a[0] (a tuple of ints or one tuple), with a dtype in a[1] */
static struct pyobj *
filled(struct py_session *s, const struct builtin *b, struct pyobj **a, double v)
{
	int nd, shape[TENSOR_MAXDIM], dt;
	struct pyobj *t;
	size_t i;

	if (py_shape_args(s, a[0]->u.seq.v, a[0]->u.seq.n, b->name, &nd, shape, 0) != 0 ||
	    dtype_arg(s, b, a[1], &dt) != 0)
		return NULL;
	if ((t = pyt_empty(dt < 0 ? DT_FLOAT : dt, nd, shape)) == NULL)
		return py_fail(s, "%s(): the tensor is too large (more than %zu elements)", b->name, py_max_numel);
	for (i = 0; v != 0 && i < t->u.t.numel; i++) {
		if (t->u.t.dtype == DT_FLOAT)
			((float *)t->u.t.st->data)[i] = (float)v;
		else if (t->u.t.dtype == DT_INT64)
			((long long *)t->u.t.st->data)[i] = (long long)v;
		else
			((unsigned char *)t->u.t.st->data)[i] = 1;
	}
	return with_grad(t, s, b, a[2]);
}

static struct pyobj *
linear_module(struct py_session *s, long long in, long long out, int bias)
{
	struct pyobj *m = py_new(PY_MODULE);
	int ws[2], bs[1];

	ws[0] = (int)out;
	ws[1] = (int)in;
	bs[0] = (int)out;
	m->u.m.kind = MOD_LINEAR;
	m->u.m.in = (int)in;
	m->u.m.out = (int)out;
	m->u.m.weight = pyt_empty(DT_FLOAT, 2, ws);
	m->u.m.bias = bias ? pyt_empty(DT_FLOAT, 1, bs) : NULL;
	if (m->u.m.weight == NULL || (bias && m->u.m.bias == NULL)) {
		py_decref(m);
		return py_fail(s, "nn.Linear(%lld, %lld): the weight is too large", in, out);
	}
	/* weight then bias, each uniform(-1/sqrt(in), 1/sqrt(in)), from the session's generator */
	rng_linear(&s->rng, pyt_data(&m->u.m.weight->u.t), bias ? pyt_data(&m->u.m.bias->u.t) : NULL,
	    (int)in, (int)out, 1);
	m->u.m.weight->u.t.parameter = m->u.m.weight->u.t.requires_grad = 1;
	if (bias)
		m->u.m.bias->u.t.parameter = m->u.m.bias->u.t.requires_grad = 1;
	return m;
}

static struct pyobj *
function(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	int nd, shape[TENSOR_MAXDIM], dt, i;
	struct pyobj *t;
	double v;
	long long k;

	(void)self;
	switch (b->op) {
	case F_TENSOR:
		if (a[0] == NULL)
			return py_fail(s, "tensor() missing required argument 'data' (pos 1)");
		if (dtype_arg(s, b, a[1], &dt) != 0)
			return NULL;
		if (a[0]->type == PY_TENSOR) {	/* torch.tensor(t): a copy, with a warning in PyTorch */
			t = op_clone(s, a[0], NULL);
			if (t != NULL && dt >= 0) {
				struct pyobj *c = op_to(s, t, dt);

				py_decref(t);
				t = c;
			}
			return with_grad(t, s, b, a[2]);
		}
		return with_grad(op_from_data(s, a[0], dt), s, b, a[2]);
	case F_ONES:
		return filled(s, b, a, 1);
	case F_ZEROS:
	case F_EMPTY:	/* torch.empty as the book uses it: filled before it is read */
		return filled(s, b, a, 0);
	case F_ONES_LIKE:
	case F_ZEROS_LIKE: {
		struct pyobj *c;
		size_t n;

		if (need_tensor(s, b, a[0], "input", 1) == NULL || dtype_arg(s, b, a[1], &dt) != 0)
			return NULL;
		if ((c = op_clone(s, a[0], NULL)) == NULL)
			return NULL;
		if (dt >= 0 && dt != c->u.t.dtype) {
			t = op_to(s, c, dt);
			py_decref(c);
			if ((c = t) == NULL)
				return NULL;
		}
		c->u.t.grad_fn = NULL;
		c->deps = 0;
		n = c->u.t.st->n;
		for (i = 0; (size_t)i < n; i++) {
			if (c->u.t.dtype == DT_FLOAT)
				((float *)c->u.t.st->data)[i] = b->op == F_ONES_LIKE ? 1.0f : 0.0f;
			else if (c->u.t.dtype == DT_INT64)
				((long long *)c->u.t.st->data)[i] = b->op == F_ONES_LIKE;
			else
				((unsigned char *)c->u.t.st->data)[i] = b->op == F_ONES_LIKE;
		}
		return with_grad(c, s, b, a[2]);
	}
	case F_RAND:
	case F_RANDN:
		if (py_shape_args(s, a[0]->u.seq.v, a[0]->u.seq.n, b->name, &nd, shape, 0) != 0)
			return NULL;
		if (dtype_arg(s, b, a[1], &dt) != 0)
			return NULL;
		if (dt >= 0 && dt != DT_FLOAT)
			return py_fail(s, "\"check_uniform_bounds\" not implemented for '%s'", dt == DT_INT64 ? "Long" : "Bool");
		if ((t = pyt_empty(DT_FLOAT, nd, shape)) == NULL)
			return py_fail(s, "%s(): the tensor is too large (more than %zu elements)", b->name, py_max_numel);
		if (b->op == F_RAND)
			rng_rand(&s->rng, pyt_data(&t->u.t), t->u.t.numel);
		else
			rng_randn(&s->rng, pyt_data(&t->u.t), t->u.t.numel);
		return with_grad(t, s, b, a[2]);
	case F_MANUAL_SEED: {
		uint64_t seed;

		if (a[0] == NULL)
			return py_fail(s, "manual_seed() missing 1 required positional argument: 'seed'");
		if (a[0]->type == PY_FLOAT) {	/* torch.manual_seed does int(seed) first */
			double f = a[0]->u.f;

			if (isinf(f))
				return py_fail(s, "cannot convert float infinity to integer");
			if (isnan(f))
				return py_fail(s, "cannot convert float NaN to integer");
			if (f >= 2 * UTIL_INT64_LIMIT || f <= -UTIL_INT64_LIMIT)
				return py_fail(s, "Overflow when unpacking long");
			seed = f >= UTIL_INT64_LIMIT ? (uint64_t)f : (uint64_t)(long long)f;
			rng_seed(&s->rng, seed);
			return py_none();
		}
		if (a[0]->type != PY_INT && a[0]->type != PY_BOOL)
			return py_fail(s, "manual_seed expected a long, but got %s", py_type_name(a[0]));
		seed = (uint64_t)a[0]->u.i;	/* negative seeds wrap to [0, 2^64), as PyTorch's */
		rng_seed(&s->rng, seed);
		return py_none();
	}
	case F_STACK:
	case F_CAT:
		k = 0;
		if (a[0] == NULL)
			return py_fail(s, "%s() missing required argument 'tensors' (pos 1)", b->name);
		if (a[1] != NULL && py_to_long(s, a[1], "dim", &k) != 0)
			return NULL;
		return op_cat(s, a[0], k, b->op == F_STACK);
	case F_ARANGE: {
		long long lo = 0, hi, st = 1, n;

		if (a[0] == NULL)
			return py_fail(s, "arange() missing required argument 'end'");
		for (i = 0; i < 3; i++)
			if (a[i] != NULL && !py_is_int(a[i]))
				return py_fail(s, "arange(): only integer bounds are supported");
		if (a[1] == NULL) {
			hi = a[0]->u.i;
		} else {
			lo = a[0]->u.i;
			hi = a[1]->u.i;
		}
		if (a[2] != NULL)
			st = a[2]->u.i;
		if (st == 0)
			return py_fail(s, "step must be nonzero");
		n = st > 0 ? (hi > lo ? (hi - lo + st - 1) / st : 0) : (lo > hi ? (lo - hi - st - 1) / -st : 0);
		if ((size_t)n > py_max_numel)
			return py_fail(s, "arange(): the tensor is too large (more than %zu elements)", py_max_numel);
		shape[0] = (int)n;
		t = pyt_empty(DT_INT64, 1, shape);
		for (k = 0; k < n; k++)
			((long long *)t->u.t.st->data)[k] = lo + k * st;
		return t;
	}
	case F_LINEAR:
		if (need_tensor(s, b, a[0], "input", 1) == NULL || need_tensor(s, b, a[1], "weight", 2) == NULL)
			return NULL;
		if (a[1]->u.t.ndim != 2)
			return py_fail(s, "linear(): the weight must be 2-d (out_features, in_features)");
		if (a[2] != NULL && a[2]->type != PY_NONE && need_tensor(s, b, a[2], "bias", 3) == NULL)
			return NULL;
		return op_linear(s, a[0], a[1], a[2] != NULL && a[2]->type != PY_NONE ? a[2] : NULL);
	case F_DROPOUT: {
		int train;

		if (need_tensor(s, b, a[0], "input", 1) == NULL)
			return NULL;
		v = 0.5;
		if (a[1] != NULL && py_to_double(s, a[1], "dropout(): argument 'p'", &v) != 0)
			return NULL;
		if (flag(s, b, a[2], "training", 1, &train) != 0)
			return NULL;
		if (v < 0 || v > 1) {
			struct sbuf txt = { 0 };

			py_repr(&txt, a[1], s->po);
			py_fail(s, "dropout probability has to be between 0 and 1, but got %s", txt.s);
			free(txt.s);
			return NULL;
		}
		if (!train) {
			py_incref(a[0]);
			return a[0];
		}
		return op_dropout(s, a[0], v);
	}
	case F_PARAMETER: {
		int rg;

		if (a[0] == NULL || a[0]->type == PY_NONE)
			return py_fail(s, "nn.Parameter() without data is not supported");
		if (need_tensor(s, b, a[0], "data", 1) == NULL || flag(s, b, a[1], "requires_grad", 1, &rg) != 0)
			return NULL;
		if (rg && a[0]->u.t.dtype != DT_FLOAT)
			return py_fail(s, "Only Tensors of floating point and complex dtype can require gradients");
		t = op_detach(s, a[0]);
		t->u.t.parameter = 1;
		t->u.t.requires_grad = rg;
		return t;
	}
	case F_NN_LINEAR: {
		long long in, out;
		int bias;

		if (a[0] == NULL || a[1] == NULL)
			return py_fail(s, "__init__() missing 1 required positional argument: '%s'",
			    a[0] == NULL ? "in_features" : "out_features");
		if (py_to_long(s, a[0], "in_features", &in) != 0 || py_to_long(s, a[1], "out_features", &out) != 0 ||
		    flag(s, b, a[2], "bias", 1, &bias) != 0)
			return NULL;
		if (in < 0 || out < 0)
			return py_fail(s, "Trying to create tensor with negative dimension %lld: [%lld, %lld]",
			    out < 0 ? out : in, out, in);
		if (in > 1000000000 || out > 1000000000 || (size_t)(in * out) > py_max_numel)
			return py_fail(s, "nn.Linear(%lld, %lld): the weight is too large (more than %zu elements)", in, out,
			    py_max_numel);
		return linear_module(s, in, out, bias);
	}
	case F_NN_DROPOUT:
		v = 0.5;
		if (a[0] != NULL && py_to_double(s, a[0], "Dropout(): argument 'p'", &v) != 0)
			return NULL;
		if (v < 0 || v > 1) {	/* Python's repr of the number given */
			struct sbuf txt = { 0 };

			py_repr(&txt, a[0], s->po);
			py_fail(s, "dropout probability has to be between 0 and 1, but got %s", txt.s);
			free(txt.s);
			return NULL;
		}
		t = py_new(PY_MODULE);
		t->u.m.kind = MOD_DROPOUT;
		t->u.m.p = v;
		return t;
	case F_NN_SOFTMAX:
		t = py_new(PY_MODULE);
		t->u.m.kind = MOD_SOFTMAX;
		t->u.m.dim = -1000;
		if (a[0] != NULL && a[0]->type != PY_NONE) {
			if (py_to_long(s, a[0], "dim", &k) != 0) {
				py_decref(t);
				return NULL;
			}
			t->u.m.dim = k;
		}
		return t;
	case F_SQRT:
	case F_MATH_EXP:
		if (a[0] == NULL)
			return py_fail(s, "math.%s() takes exactly one argument (0 given)", b->name);
		if (a[0]->type == PY_TENSOR && a[0]->u.t.numel != 1)
			return py_fail(s, "only one element tensors can be converted to Python scalars");
		if (py_to_double(s, a[0], "must be real number", &v) != 0)
			return NULL;
		if (b->op == F_SQRT) {
			if (v < 0)
				return py_fail(s, "math domain error");
			return py_float(sqrt(v));
		}
		if (v > 709.78)
			return py_fail(s, "math range error");
		return py_float(exp(v));
	case F_LEN:
		if (a[0] == NULL)
			return py_fail(s, "len() takes exactly one argument (0 given)");
		switch (a[0]->type) {
		case PY_TENSOR:
			if (a[0]->u.t.ndim == 0)
				return py_fail(s, "len() of a 0-d tensor");
			return py_int(a[0]->u.t.shape[0]);
		case PY_TUPLE: case PY_LIST: case PY_SIZE:
			return py_int(a[0]->u.seq.n);
		case PY_STR:
			return py_int((long long)a[0]->u.str.len);
		default:
			return py_fail(s, "object of type '%s' has no len()", py_type_name(a[0]));
		}
	case F_FLOAT:
		if (a[0] == NULL)
			return py_float(0);
		if (a[0]->type == PY_STR) {
			const char *p = a[0]->u.str.s;
			char *end;

			while (isspace((unsigned char)*p))
				p++;
			v = strtod(p, &end);
			while (isspace((unsigned char)*end))
				end++;
			if (end == p || *end != '\0' || strncasecmp(p, "0x", 2) == 0 || strncasecmp(p, "-0x", 3) == 0 ||
			    strncasecmp(p, "+0x", 3) == 0)
				return py_fail(s, "could not convert string to float: '%s'", a[0]->u.str.s);
			return py_float(v);
		}
		if (a[0]->type == PY_TENSOR && a[0]->u.t.numel != 1)
			return py_fail(s, "only one element tensors can be converted to Python scalars");
		if (py_to_double(s, a[0], "float() argument", &v) != 0)
			return NULL;
		return py_float(v);
	case F_INT:
		if (a[0] == NULL)
			return py_int(0);
		if (a[0]->type == PY_FLOAT || (a[0]->type == PY_TENSOR && a[0]->u.t.dtype == DT_FLOAT)) {
			if (py_to_double(s, a[0], "int() argument", &v) != 0)
				return NULL;
			if (isnan(v))
				return py_fail(s, "cannot convert float NaN to integer");
			if (isinf(v))
				return py_fail(s, "cannot convert float infinity to integer");
			if (v >= UTIL_INT64_LIMIT || v < -UTIL_INT64_LIMIT)
				return py_fail(s, "integer overflow (integers here are 64-bit)");
			return py_int((long long)v);
		}
		if (a[0]->type == PY_TENSOR && a[0]->u.t.numel != 1)
			return py_fail(s, "only one element tensors can be converted to Python scalars");
		if (py_to_long(s, a[0], "int() argument", &k) != 0)
			return NULL;
		return py_int(k);
	case F_BOOL: {
		int r;

		if (a[0] == NULL)
			return py_bool(0);
		if (op_truth(s, a[0], &r) != 0)
			return NULL;
		return py_bool(r);
	}
	case F_SIZE:
		if (a[0] == NULL)
			return py_size(0, NULL);
		if (py_shape_args(s, a, 1, "Size", &nd, shape, 0) != 0)
			return NULL;
		return py_size(nd, shape);
	case F_ABS:
		if (a[0] == NULL)
			return py_fail(s, "abs() takes exactly one argument (0 given)");
		if (a[0]->type == PY_TENSOR)
			return op_unary(s, U_ABS, a[0]);
		if (a[0]->type == PY_FLOAT)
			return py_float(fabs(a[0]->u.f));
		if (py_is_int(a[0])) {
			if (a[0]->u.i == LLONG_MIN)
				return py_fail(s, "integer overflow (integers here are 64-bit)");
			return py_int(a[0]->u.i < 0 ? -a[0]->u.i : a[0]->u.i);
		}
		return py_fail(s, "bad operand type for abs(): '%s'", py_type_name(a[0]));
	case F_PRINT: {
		const char *sep = " ", *end = "\n";
		size_t seplen = 1, endlen = 1;

		if (a[1] != NULL && a[1]->type != PY_NONE) {
			if (a[1]->type != PY_STR)
				return py_fail(s, "sep must be None or a string, not %s", py_type_name(a[1]));
			sep = a[1]->u.str.s;
			seplen = a[1]->u.str.len;
		}
		if (a[2] != NULL && a[2]->type != PY_NONE) {
			if (a[2]->type != PY_STR)
				return py_fail(s, "end must be None or a string, not %s", py_type_name(a[2]));
			end = a[2]->u.str.s;
			endlen = a[2]->u.str.len;
		}
		for (i = 0; i < a[0]->u.seq.n; i++) {
			if (i > 0)
				sbuf_addn(s->out, sep, seplen);
			py_str_of(s->out, a[0]->u.seq.v[i], s->po);
		}
		sbuf_addn(s->out, end, endlen);
		return py_none();
	}
	}
	return py_fail(s, "%s() is not supported", b->name);
}

/* ---- the table ---- */

#define MTH(name, op, params) { "Tensor", name, method, op, params, 0 }
#define BOTH(name, op, params) { "Tensor", name, method, op, params, 0 }, \
	{ "torch", name, method, op, "input, " params, 1 }
#define BOTH0(name, op) { "Tensor", name, method, op, "", 0 }, { "torch", name, method, op, "input", 1 }
#define FN(ns, name, op, params) { ns, name, function, op, params, 0 }

static const struct builtin table[] = {
	MTH("size", M_SIZE, "dim=None"),
	MTH("dim", M_DIM, ""),
	MTH("ndimension", M_DIM, ""),
	BOTH0("numel", M_NUMEL),
	BOTH("transpose", M_TRANSPOSE, "dim0, dim1"),
	BOTH0("t", M_T),
	MTH("permute", M_PERMUTE, "*dims"),
	{ "torch", "permute", method, M_PERMUTE, "input, *dims", 1 },
	MTH("view", M_VIEW, "*shape"),
	MTH("reshape", M_RESHAPE, "*shape"),
	{ "torch", "reshape", method, M_RESHAPE, "input, *shape", 1 },
	MTH("contiguous", M_CONTIGUOUS, ""),
	BOTH("unsqueeze", M_UNSQUEEZE, "dim"),
	BOTH("squeeze", M_SQUEEZE, "dim=None"),
	BOTH("sum", M_SUM, "dim=None, keepdim=False, dtype=None"),
	BOTH("mean", M_MEAN, "dim=None, keepdim=False, dtype=None"),
	BOTH("var", M_VAR, "dim=None, unbiased=True, keepdim=False, correction=None"),
	BOTH("max", M_MAX, "dim=None, keepdim=False"),
	BOTH("min", M_MIN, "dim=None, keepdim=False"),
	BOTH("argmax", M_ARGMAX, "dim=None, keepdim=False"),
	BOTH("argmin", M_ARGMIN, "dim=None, keepdim=False"),
	BOTH0("exp", M_EXP),
	BOTH0("sqrt", M_SQRT),
	BOTH0("abs", M_ABS),
	BOTH("softmax", M_SOFTMAX, "dim, dtype=None"),
	{ "torch.nn.functional", "softmax", method, M_SOFTMAX, "input, dim=None, _stacklevel=3, dtype=None", 1 },
	BOTH("masked_fill", M_MASKED_FILL, "mask, value"),
	MTH("masked_fill_", M_MASKED_FILL_, "mask, value"),
	BOTH("dot", M_DOT, "tensor"),
	BOTH("matmul", M_MATMUL, "other"),
	BOTH("mm", M_MM, "mat2"),
	MTH("bool", M_BOOL, ""),
	MTH("float", M_FLOAT, ""),
	MTH("long", M_LONG, ""),
	MTH("to", M_TO, "dtype"),
	MTH("item", M_ITEM, ""),
	MTH("tolist", M_TOLIST, ""),
	BOTH0("detach", M_DETACH),
	BOTH0("clone", M_CLONE),
	BOTH("allclose", M_ALLCLOSE, "other, rtol=1e-05, atol=1e-08, equal_nan=False"),
	BOTH("equal", M_EQUAL, "other"),
	BOTH("tril", M_TRIL, "diagonal=0"),
	BOTH("triu", M_TRIU, "diagonal=0"),
	MTH("is_contiguous", M_IS_CONTIGUOUS, ""),
	MTH("stride", M_STRIDE, "dim=None"),
	BOTH("add", M_ADD, "other"),
	BOTH("sub", M_SUB, "other"),
	BOTH("mul", M_MUL, "other"),
	BOTH("div", M_DIV, "other"),
	BOTH("pow", M_POW, "exponent"),
	MTH("add_", M_ADD_, "other"),
	MTH("sub_", M_SUB_, "other"),
	MTH("mul_", M_MUL_, "other"),
	MTH("div_", M_DIV_, "other"),
	FN("torch", "tensor", F_TENSOR, "data, dtype=None, requires_grad=False"),
	FN("torch", "ones", F_ONES, "*size, dtype=None, requires_grad=False"),
	FN("torch", "zeros", F_ZEROS, "*size, dtype=None, requires_grad=False"),
	FN("torch", "empty", F_EMPTY, "*size, dtype=None, requires_grad=False"),
	FN("torch", "ones_like", F_ONES_LIKE, "input, dtype=None, requires_grad=False"),
	FN("torch", "zeros_like", F_ZEROS_LIKE, "input, dtype=None, requires_grad=False"),
	FN("torch", "rand", F_RAND, "*size, dtype=None, requires_grad=False"),
	FN("torch", "randn", F_RANDN, "*size, dtype=None, requires_grad=False"),
	FN("torch", "manual_seed", F_MANUAL_SEED, "seed"),
	FN("torch", "stack", F_STACK, "tensors, dim=0"),
	FN("torch", "cat", F_CAT, "tensors, dim=0"),
	FN("torch", "arange", F_ARANGE, "start, end=None, step=None"),
	FN("torch", "Size", F_SIZE, "sizes=None"),
	FN("torch.nn.functional", "linear", F_LINEAR, "input, weight, bias=None"),
	FN("torch.nn.functional", "dropout", F_DROPOUT, "input, p=0.5, training=True, inplace=False"),
	FN("torch.nn", "Parameter", F_PARAMETER, "data=None, requires_grad=True"),
	FN("torch.nn", "Linear", F_NN_LINEAR, "in_features, out_features, bias=True"),
	FN("torch.nn", "Dropout", F_NN_DROPOUT, "p=0.5, inplace=False"),
	FN("torch.nn", "Softmax", F_NN_SOFTMAX, "dim=None"),
	FN("math", "sqrt", F_SQRT, "x"),
	FN("math", "exp", F_MATH_EXP, "x"),
	FN("", "print", F_PRINT, "*args, sep=None, end=None"),
	FN("", "len", F_LEN, "obj"),
	FN("", "float", F_FLOAT, "x=None"),
	FN("", "int", F_INT, "x=None"),
	FN("", "bool", F_BOOL, "x=None"),
	FN("", "abs", F_ABS, "x"),
};

#define NTABLE (sizeof table / sizeof table[0])

const struct builtin *
lib_find(const char *ns, const char *name)
{
	size_t i;

	for (i = 0; i < NTABLE; i++)
		if (strcmp(table[i].ns, ns) == 0 && strcmp(table[i].name, name) == 0)
			return &table[i];
	return NULL;
}

/* the names of a namespace, for completion: functions, then attributes */
const char *const *
lib_names(const char *ns)
{
	static const char *lists[6][NTABLE + 16];
	static const char *const nss[6] = { "torch", "torch.nn", "torch.nn.functional", "math", "", "Tensor" };
	static const char *const extra[6][12] = {
		{ "nn", "inf", "float32", "float", "int64", "long", "bool", NULL },
		{ "functional", NULL },
		{ NULL },
		{ "inf", "pi", "e", NULL },
		{ NULL },
		{ "T", "shape", "dtype", "ndim", "requires_grad", "is_leaf", "data", NULL },
	};
	int k, n = 0;
	size_t i;

	for (k = 0; k < 6; k++)
		if (strcmp(nss[k], ns) == 0)
			break;
	if (k == 6)
		return NULL;
	if (lists[k][0] == NULL) {
		for (i = 0; i < NTABLE; i++)
			if (strcmp(table[i].ns, ns) == 0)
				lists[k][n++] = table[i].name;
		for (i = 0; extra[k][i] != NULL; i++)
			lists[k][n++] = extra[k][i];
		lists[k][n] = NULL;
	}
	return lists[k];
}

/*
 * Python's binding of arguments to parameters: positional in order (a
 * "*name" parameter takes the rest as a tuple), then keywords by name.
 */
static int
bind(struct py_session *s, const struct builtin *b, int skip_first, struct pyobj **args, int nargs,
    char **kwnames, struct pyobj **kwargs, int nkw, struct pyobj **a, struct pyobj **rest)
{
	char names[MAXARGS][32];
	int required[MAXARGS], star = -1, np = 0, i, k, pos = 0;
	const char *p = b->params;

	while (*p != '\0' && np < MAXARGS) {
		size_t n;
		int is_star = 0;

		while (*p == ' ' || *p == ',')
			p++;
		if (*p == '\0')
			break;
		if (*p == '*') {
			is_star = 1;
			p++;
		}
		n = strcspn(p, "=,");
		snprintf(names[np], sizeof names[np], "%.*s", (int)n, p);
		required[np] = p[n] != '=' && !is_star;
		if (is_star)
			star = np;
		p += n;
		if (*p == '=')
			p += strcspn(p, ",");
		np++;
	}
	for (i = 0; i < np; i++)
		a[i] = NULL;
	*rest = NULL;
	k = skip_first;	/* the parameter the first positional argument fills */
	for (i = 0; i < nargs; i++) {
		if (k == star) {
			int m = nargs - i, j;

			*rest = py_seq(PY_TUPLE, m);
			for (j = 0; j < m; j++) {
				py_incref(args[i + j]);
				(*rest)->u.seq.v[j] = args[i + j];
			}
			a[k++] = *rest;
			pos = 1;
			break;
		}
		if (k >= np) {
			py_fail(s, "%s() takes %d positional argument%s but %d were given", b->name, np - skip_first,
			    np - skip_first == 1 ? "" : "s", nargs);
			return -1;
		}
		a[k++] = args[i];
	}
	if (star >= 0 && a[star] == NULL) {
		*rest = py_seq(PY_TUPLE, 0);
		a[star] = *rest;
	}
	(void)pos;
	for (i = 0; i < nkw; i++) {
		for (k = skip_first; k < np; k++)
			if (strcmp(names[k], kwnames[i]) == 0 && k != star)
				break;
		if (k == np) {
			/* torch.softmax(x, dim=1) names its first parameter input */
			py_fail(s, "%s() got an unexpected keyword argument '%s'", b->name, kwnames[i]);
			return -1;
		}
		if (a[k] != NULL) {
			py_fail(s, "%s() got multiple values for argument '%s'", b->name, kwnames[i]);
			return -1;
		}
		a[k] = kwargs[i];
	}
	for (k = skip_first; k < np; k++)
		if (required[k] && a[k] == NULL) {
			py_fail(s, "%s() missing required argument '%s' (pos %d)", b->name, names[k], k + 1 - skip_first);
			return -1;
		}
	return 0;
}

struct pyobj *
lib_call(struct py_session *s, struct pyobj *f, struct pyobj **args, int nargs, char **kwnames,
    struct pyobj **kwargs, int nkw)
{
	const struct builtin *b = f->u.fn.fn;
	struct pyobj *a[MAXARGS], *rest = NULL, *self = f->u.fn.self, *r;
	unsigned deps = 0;
	int i;

	if (bind(s, b, 0, args, nargs, kwnames, kwargs, nkw, a, &rest) != 0) {
		py_decref(rest);
		return NULL;
	}
	if (b->self_first) {	/* torch.f(x, ...): x.f(...) */
		self = a[0];
		if (self == NULL || self->type != PY_TENSOR) {
			py_decref(rest);
			return py_fail(s, "%s(): argument 'input' (position 1) must be Tensor, not %s", b->name,
			    self ? py_type_name(self) : "NoneType");
		}
		r = b->fn(s, b, self, a + 1);
	} else {
		r = b->fn(s, b, self, a);
	}
	if (r != NULL) {
		for (i = 0; i < nargs; i++)
			deps |= args[i]->deps;
		for (i = 0; i < nkw; i++)
			deps |= kwargs[i]->deps;
		if (self != NULL)
			deps |= self->deps;
		r->deps |= deps;
	}
	py_decref(rest);
	return r;
}

struct pyobj *
lib_call_module(struct py_session *s, struct pyobj *m, struct pyobj **args, int nargs, char **kwnames,
    struct pyobj **kwargs, int nkw)
{
	struct pymodule *mod = &m->u.m;
	struct pyobj *x, *r;
	int d;

	(void)kwargs;
	if (nkw > 0)
		return py_fail(s, "forward() got an unexpected keyword argument '%s'", kwnames[0]);
	if (mod->kind == MOD_HEAD)
		return py_fail(s, "calling a head (heads[h](x)) is not supported; its layers are heads[h].W_query, ...");
	if (nargs != 1)
		return py_fail(s, "forward() takes 2 positional arguments but %d were given", nargs + 1);
	x = args[0];
	if (x->type != PY_TENSOR)
		return py_fail(s, mod->kind == MOD_LINEAR ? "linear(): argument 'input' (position 1) must be Tensor, not %s" :
		    "%s(): argument 'input' (position 1) must be Tensor, not %s",
		    mod->kind == MOD_LINEAR ? py_type_name(x) : mod->kind == MOD_DROPOUT ? "dropout" : "softmax",
		    py_type_name(x));
	switch (mod->kind) {
	case MOD_LINEAR:
		r = op_linear(s, x, mod->weight, mod->bias);
		break;
	case MOD_DROPOUT:
		r = op_dropout(s, x, mod->p);
		break;
	default:
		if (mod->dim == -1000) {	/* the legacy implicit dim, with PyTorch's warning */
			d = x->u.t.ndim == 0 || x->u.t.ndim == 1 || x->u.t.ndim == 3 ? 0 : 1;
			py_warn(s, "Implicit dimension choice for softmax has been deprecated. Change the call to include dim=X as an argument.");
		} else {
			struct pyobj *dim = py_int(mod->dim);
			int bad = py_to_dim(s, dim, x->u.t.ndim, &d);

			py_decref(dim);
			if (bad != 0)
				return NULL;
		}
		r = op_softmax(s, x, d);
	}
	if (r != NULL)
		r->deps |= x->deps | m->deps;
	return r;
}

/* x.name for a tensor */
struct pyobj *
lib_tensor_attr(struct py_session *s, struct pyobj *x, const char *name)
{
	struct pytensor *t = &x->u.t;
	const struct builtin *b;
	struct pyobj *r = NULL;

	if (strcmp(name, "T") == 0) {
		int perm[TENSOR_MAXDIM], d;

		if (t->ndim != 2 && t->ndim != 0 && !s->warned_T++)
			py_warn(s, "the use of `x.T` on tensors of dimension other than 2 to reverse their shape is "
			    "deprecated and it will throw an error in a future release (PyTorch 1.13's warning; it "
			    "reverses the dims). Consider `x.mT` to transpose batches of matrices");
		for (d = 0; d < t->ndim; d++)
			perm[d] = t->ndim - 1 - d;
		r = op_permute(s, x, perm);
	} else if (strcmp(name, "mT") == 0) {
		if (t->ndim < 2)
			return py_fail(s, "tensor.mT is only supported on matrices or batches of matrices. Got %d-D tensor.", t->ndim);
		r = op_transpose(s, x, t->ndim - 2, t->ndim - 1, "TransposeBackward0");
	} else if (strcmp(name, "shape") == 0) {
		r = py_size(t->ndim, t->shape);
	} else if (strcmp(name, "dtype") == 0) {
		r = py_dtype(t->dtype);
	} else if (strcmp(name, "ndim") == 0) {
		r = py_int(t->ndim);
	} else if (strcmp(name, "requires_grad") == 0) {
		r = py_bool(pyt_has_grad(t));
	} else if (strcmp(name, "is_leaf") == 0) {
		r = py_bool(t->grad_fn == NULL);
	} else if (strcmp(name, "data") == 0) {
		r = op_detach(s, x);
	} else if (strcmp(name, "grad") == 0) {
		r = py_none();
	} else if ((b = lib_find("Tensor", name)) != NULL) {
		r = py_new(PY_FUNC);
		r->u.fn.fn = b;
		r->u.fn.self = x;
		py_incref(x);
	} else {
		return py_fail(s, "'%s' object has no attribute '%s'", t->parameter ? "Parameter" : "Tensor", name);
	}
	if (r != NULL)
		r->deps |= x->deps;
	return r;
}
