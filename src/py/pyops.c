/*
 * pyops.c - tensor operations with PyTorch 1.13's semantics: dtype
 * promotion, broadcasting, views (sizes, strides, offset as ATen computes
 * them), indexing, reductions, products; each result with the grad_fn
 * autograd would give it, each error with PyTorch's message.  The
 * arithmetic is tensor.c's (the stages' kernels), on float32 views.
 */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pyint.h"

#define TOO_BIG "the result is too large (more than %zu elements)"

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

/* ---- results, layouts, conversions ---- */

/* a new tensor with these strides over a fresh storage (NULL strides: contiguous); zeroed or not */
struct pyobj *
pyt_result_z(struct py_session *s, int dtype, int nd, const int *shape, const long long *stride, int zeroed)
{
	struct pyobj *o = zeroed ? pyt_empty(dtype, nd, shape) : pyt_empty_uninit(dtype, nd, shape);
	int d;

	if (o == NULL)
		return py_fail(s, TOO_BIG, py_max_numel);
	if (stride != NULL)
		for (d = 0; d < nd; d++)
			o->u.t.stride[d] = stride[d];
	return o;
}

static struct pyobj *
new_tensor(struct py_session *s, int dtype, int nd, const int *shape, const long long *stride)
{
	return pyt_result_z(s, dtype, nd, shape, stride, 1);
}

/* for results that write every element */
static struct pyobj *
new_result(struct py_session *s, int dtype, int nd, const int *shape, const long long *stride)
{
	return pyt_result_z(s, dtype, nd, shape, stride, 0);
}

/* autograd: the result of an operation named `name` on inputs, one requiring grad */
void
pyt_set_grad(struct pyobj *y, const char *name, int requires)
{
	y->u.t.grad_fn = requires ? name : NULL;
	y->u.t.requires_grad = 0;
}

int
pyt_grad(const struct pyobj *o)
{
	return o != NULL && o->type == PY_TENSOR && pyt_has_grad(&o->u.t);
}

/* the dims sorted by stride, largest first: the order in which a pyt_dense layout is contiguous */
static void
layout_perm(const struct pytensor *t, int *perm)
{
	int i, j;

	for (i = 0; i < t->ndim; i++)
		perm[i] = i;
	for (i = 1; i < t->ndim; i++)	/* stable insertion sort */
		for (j = i; j > 0 && t->stride[perm[j - 1]] < t->stride[perm[j]]; j--) {
			int k = perm[j];

			perm[j] = perm[j - 1];
			perm[j - 1] = k;
		}
}

static void
permute_view(struct tensor_view *v, const int *perm)
{
	struct tensor_view w = *v;
	int d;

	for (d = 0; d < v->ndim; d++) {
		v->shape[d] = w.shape[perm[d]];
		v->stride[d] = w.stride[perm[d]];
	}
}

/* a float32 version of x: x itself, or a converted contiguous copy */
static struct pyobj *
as_float(struct py_session *s, struct pyobj *x)
{
	struct pyobj *y;
	size_t i;

	if (x->u.t.dtype == DT_FLOAT) {
		py_incref(x);
		return x;
	}
	if ((y = new_tensor(s, DT_FLOAT, x->u.t.ndim, x->u.t.shape, NULL)) == NULL)
		return NULL;
	for (i = 0; i < x->u.t.numel; i++)
		((float *)y->u.t.st->data)[i] = (float)pyt_get(&x->u.t, i);
	return y;
}

/* the view of t broadcast to (nd, shape): strides 0 where it repeats */
void
pyt_bcast_view(struct tensor_view *v, const struct pytensor *t, int nd, const int *shape)
{
	int d, k = nd - t->ndim;

	v->data = t->dtype == DT_FLOAT ? pyt_data(t) : NULL;
	v->ndim = nd;
	v->numel = 1;
	for (d = 0; d < nd; d++) {
		int td = d - k;

		v->shape[d] = shape[d];
		v->numel *= (size_t)shape[d];
		v->stride[d] = td < 0 || (t->shape[td] == 1 && shape[d] != 1) ? 0 : t->stride[td];
	}
}

static int
broadcast(struct py_session *s, const struct pytensor *a, const struct pytensor *b, int *nd, int *shape)
{
	int n = a->ndim > b->ndim ? a->ndim : b->ndim, d;

	for (d = n - 1; d >= 0; d--) {	/* infer_size: from the last dim */
		int da = d - (n - a->ndim), db = d - (n - b->ndim);
		int sa = da >= 0 ? a->shape[da] : 1, sb = db >= 0 ? b->shape[db] : 1;

		if (sa != sb && sa != 1 && sb != 1) {
			py_fail(s, "The size of tensor a (%d) must match the size of tensor b (%d) at non-singleton dimension %d",
			    sa, sb, d);
			return -1;
		}
		shape[d] = sa == 1 ? sb : sa;
	}
	*nd = n;
	return 0;
}

/* ---- element-wise arithmetic ---- */


/* is_contiguous(torch.channels_last) of a 4-d tensor: size-1 dims ignored */
static int
channels_last_contiguous(const struct pytensor *t)
{
	static const int order[] = { 1, 3, 2, 0 };

	return t->ndim == 4 && pyt_dense_in(t, order);
}

/*
 * The strides of a new element-wise result over inputs (each broadcast to
 * (nd, shape) in bv[]): TensorIterator's fast set-up when every input has
 * the result's shape (all contiguous: contiguous; all channels-last: that;
 * all pyt_dense with the same strides: those), else its sorted layout.
 */
static void
out_layout(long long *out, int nd, const int *shape, struct pyobj *const *ins, const struct tensor_view *bv,
    int nin)
{
	const long long *in[3];
	int i, d, same = 1, contig = 1, cl = 1, dn = 1;

	for (i = 0; i < nin; i++) {
		const struct pytensor *t = &ins[i]->u.t;

		if (t->ndim != nd || (nd > 0 && t->ndim == 0))
			same = 0;
		for (d = 0; same && d < nd; d++)
			same = t->shape[d] == shape[d];
		contig &= pyt_is_contiguous(t);
		cl &= channels_last_contiguous(t);
		dn &= pyt_dense(t) && (i == 0 || memcmp(t->stride, ins[0]->u.t.stride, (size_t)nd * sizeof *t->stride) == 0);
		in[i] = bv[i].stride;
	}
	if (same && contig) {
		pyt_contiguous_strides(out, nd, shape);
		return;
	}
	if (same && cl) {
		pyt_channels_last_strides(nd, shape, out);
		return;
	}
	if (same && dn) {
		memcpy(out, ins[0]->u.t.stride, (size_t)nd * sizeof *out);
		return;
	}
	tensor_layout(out, nd, shape, in, nin);
}

static const char *const cat_name[] = { "Float", "Long", "Bool" };

/* dtype categories: bool < int64 < float32 */
static int
rank(int dt)
{
	return dt == DT_BOOL ? 0 : dt == DT_INT64 ? 1 : 2;
}

static int
promote(int a, int b)
{
	return rank(a) >= rank(b) ? a : b;
}

static const char *const grad_names[] = {
	"AddBackward0", "SubBackward0", "MulBackward0", "DivBackward0", "NotImplemented",
	"RemainderBackward1", "PowBackward1", NULL, NULL, NULL,
};

static const int tensor_op[] = {
	TENSOR_ADD, TENSOR_SUB, TENSOR_MUL, TENSOR_DIV, TENSOR_FLOORDIV, TENSOR_MOD, TENSOR_POW,
	0, 0, 0, TENSOR_EQ, TENSOR_NE, TENSOR_LT, TENSOR_LE, TENSOR_GT, TENSOR_GE,
};

static long long
ipow(long long b, long long e)
{
	unsigned long long r = 1, x = (unsigned long long)b;

	while (e > 0) {	/* wraps as C++ integer arithmetic does */
		if (e & 1)
			r *= x;
		x *= x;
		e >>= 1;
	}
	return (long long)r;
}

static long long
ifloordiv(long long a, long long b)
{
	long long q = a / b;

	if ((a % b != 0) && ((a < 0) != (b < 0)))
		q--;
	return q;
}

static long long
imod(long long a, long long b)
{
	long long r = a % b;

	if (r != 0 && ((r < 0) != (b < 0)))
		r += b;
	return r;
}

/*
 * a op b for int64 and bool tensors (exact; order does not matter), over
 * views broadcast to (nd, shape); the result contiguous.
 */
static struct pyobj *
int_binary(struct py_session *s, int op, const struct pytensor *a, const struct pytensor *b, int dtype,
    int nd, const int *shape)
{
	struct pyobj *y;
	struct tensor_view va, vb;
	size_t i, n;
	int is_cmp = op >= B_EQ;

	if ((y = new_tensor(s, is_cmp ? DT_BOOL : dtype, nd, shape, NULL)) == NULL)
		return NULL;
	pyt_bcast_view(&va, a, nd, shape);
	pyt_bcast_view(&vb, b, nd, shape);
	n = y->u.t.numel;
	for (i = 0; i < n; i++) {
		long long oa = a->offset, ob = b->offset, x, z, r = 0;
		size_t k = i;
		int d;

		for (d = nd - 1; d >= 0; d--) {
			size_t q = k % (size_t)shape[d];

			oa += (long long)q * va.stride[d];
			ob += (long long)q * vb.stride[d];
			k /= (size_t)shape[d];
		}
		x = a->dtype == DT_INT64 ? ((long long *)a->st->data)[oa] : ((unsigned char *)a->st->data)[oa];
		z = b->dtype == DT_INT64 ? ((long long *)b->st->data)[ob] : ((unsigned char *)b->st->data)[ob];
		switch (op) {
		case B_ADD: r = (long long)((unsigned long long)x + (unsigned long long)z); break;
		case B_SUB: r = (long long)((unsigned long long)x - (unsigned long long)z); break;
		case B_MUL: r = (long long)((unsigned long long)x * (unsigned long long)z); break;
		case B_FLOORDIV:
		case B_MOD:
			if (z == 0) {
				py_decref(y);
				return py_fail(s, "ZeroDivisionError");
			}
			if (x == LLONG_MIN && z == -1)
				r = op == B_MOD ? 0 : LLONG_MIN;
			else
				r = op == B_FLOORDIV ? ifloordiv(x, z) : imod(x, z);
			break;
		case B_POW:	/* powi: a negative exponent gives 0, or +-1 for a base of +-1 */
			r = z >= 0 ? ipow(x, z) : x == 1 ? 1 : x == -1 ? ((-(z + 1)) % 2 == 0 ? -1 : 1) : 0;
			break;
		case B_AND: r = x & z; break;
		case B_OR: r = x | z; break;
		case B_XOR: r = x ^ z; break;
		case B_EQ: r = x == z; break;
		case B_NE: r = x != z; break;
		case B_LT: r = x < z; break;
		case B_LE: r = x <= z; break;
		case B_GT: r = x > z; break;
		case B_GE: r = x >= z; break;
		}
		if (y->u.t.dtype == DT_INT64)
			((long long *)y->u.t.st->data)[i] = r;
		else
			((unsigned char *)y->u.t.st->data)[i] = r != 0;
	}
	return y;
}

/*
 * The float32 kernel on a and b (float tensors) broadcast to (nd, shape):
 * the result laid out as TensorIterator lays it out.
 */
static struct pyobj *
float_binary(struct py_session *s, int op, struct pyobj *a, struct pyobj *b, int nd, const int *shape,
    int scalar_pow, double expo)
{
	struct tensor_view va, vb;
	long long layout[TENSOR_MAXDIM];
	struct pyobj *y;
	int perm[TENSOR_MAXDIM], is_cmp = op >= B_EQ;
	void *out;

	struct pyobj *ins[2];
	struct tensor_view bvs[2];

	pyt_bcast_view(&va, &a->u.t, nd, shape);
	pyt_bcast_view(&vb, &b->u.t, nd, shape);
	ins[0] = a;
	ins[1] = b;
	bvs[0] = va;
	bvs[1] = vb;
	out_layout(layout, nd, shape, ins, bvs, 2);
	if ((y = new_result(s, is_cmp ? DT_BOOL : DT_FLOAT, nd, shape, layout)) == NULL)
		return NULL;
	layout_perm(&y->u.t, perm);
	permute_view(&va, perm);
	permute_view(&vb, perm);
	out = y->u.t.st->data;
	if (is_cmp)
		tensor_compare_view(out, &va, &vb, tensor_op[op]);
	else
		tensor_binary_view(out, &va, &vb, scalar_pow ? TENSOR_POW_SCALAR : tensor_op[op], expo);
	return y;
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

static const char *const op_sym[] = { "+", "-", "*", "/", "//", "%", "**", "&", "|", "^",
	"==", "!=", "<", "<=", ">", ">=" };

/*
 * a op b, one of them a tensor; rev: the tensor came second (2 - x),
 * which some operators compute their own way (Tensor.__rtruediv__ is
 * reciprocal() * 2, __rsub__ is rsub).
 */
struct pyobj *
op_binary(struct py_session *s, int op, struct pyobj *a, struct pyobj *b)
{
	struct pyobj *ta, *tb, *y = NULL, *fa = NULL, *fb = NULL;
	int nd, shape[TENSOR_MAXDIM], dtype, is_cmp = op >= B_EQ, req;
	int rev = a->type != PY_TENSOR, scalar_pow = 0;
	double expo = 0;

	if ((a->type != PY_TENSOR && !py_is_number(a)) || (b->type != PY_TENSOR && !py_is_number(b))) {
		if (op >= B_EQ && op <= B_NE)	/* x == None: Python compares identities */
			return py_bool(op == B_NE);
		return py_fail(s, "unsupported operand type(s) for %s: '%s' and '%s'", op_sym[op],
		    py_type_name(a), py_type_name(b));
	}
	if (rev && op == B_DIV) {	/* n / x: x.reciprocal() * n (integers become float32 first) */
		struct pyobj *r;
		struct tensor_view v;
		long long layout[TENSOR_MAXDIM];
		int perm[TENSOR_MAXDIM];

		if ((fb = as_float(s, b)) == NULL)
			return NULL;
		pyt_view(&v, &fb->u.t);
		out_layout(layout, v.ndim, v.shape, &fb, &v, 1);
		if ((r = new_result(s, DT_FLOAT, v.ndim, v.shape, layout)) == NULL) {
			py_decref(fb);
			return NULL;
		}
		layout_perm(&r->u.t, perm);
		permute_view(&v, perm);
		tensor_unary_view(pyt_data(&r->u.t), &v, TENSOR_RECIP);
		pyt_set_grad(r, "ReciprocalBackward0", pyt_grad(b));
		py_decref(fb);
		y = op_binary(s, B_MUL, r, a);
		py_decref(r);
		return y;
	}
	ta = pyt_operand(s, a);
	tb = pyt_operand(s, b);
	dtype = promote(ta->u.t.dtype, tb->u.t.dtype);
	if (op == B_SUB && (ta->u.t.dtype == DT_BOOL || tb->u.t.dtype == DT_BOOL)) {	/* sub_check, first */
		if (ta->u.t.dtype == DT_BOOL && tb->u.t.dtype == DT_BOOL)
			py_fail(s, "Subtraction, the `-` operator, with two bool tensors is not supported. "
			    "Use the `^` or `logical_xor()` operator instead.");
		else
			py_fail(s, "Subtraction, the `-` operator, with a bool tensor is not supported. "
			    "If you are trying to invert a mask, use the `~` or `logical_not()` operator instead.");
		goto out;
	}
	if (broadcast(s, &ta->u.t, &tb->u.t, &nd, shape) != 0)
		goto out;
	req = !is_cmp && (pyt_grad(a) || pyt_grad(b));
	switch (op) {
	case B_SUB:	/* sub_check */
		if (ta->u.t.dtype == DT_BOOL && tb->u.t.dtype == DT_BOOL) {
			py_fail(s, "Subtraction, the `-` operator, with two bool tensors is not supported. "
			    "Use the `^` or `logical_xor()` operator instead.");
			goto out;
		}
		if (ta->u.t.dtype == DT_BOOL || tb->u.t.dtype == DT_BOOL) {
			py_fail(s, "Subtraction, the `-` operator, with a bool tensor is not supported. "
			    "If you are trying to invert a mask, use the `~` or `logical_not()` operator instead.");
			goto out;
		}
		break;
	case B_DIV:
		dtype = DT_FLOAT;
		break;
	case B_AND: case B_OR: case B_XOR:
		if (dtype == DT_FLOAT) {
			py_fail(s, "\"bitwise_%s_cpu\" not implemented for 'Float'",
			    op == B_AND ? "and" : op == B_OR ? "or" : "xor");
			goto out;
		}
		break;
	case B_POW:
		if (b->type != PY_TENSOR && dtype == DT_FLOAT) {	/* torch.pow(tensor, number) */
			scalar_pow = 1;
			expo = b->type == PY_FLOAT ? b->u.f : (double)b->u.i;
		}
		break;
	case B_FLOORDIV: case B_MOD:
		if (dtype == DT_BOOL)
			dtype = DT_INT64;
		break;
	}
	if (dtype == DT_FLOAT || (is_cmp && (ta->u.t.dtype == DT_FLOAT || tb->u.t.dtype == DT_FLOAT))) {
		if ((fa = as_float(s, ta)) == NULL || (fb = as_float(s, tb)) == NULL)
			goto out;
		y = float_binary(s, op, fa, fb, nd, shape, scalar_pow, expo);
	} else {
		if (op == B_POW && ta->u.t.dtype == DT_BOOL && tb->u.t.dtype == DT_BOOL) {
			py_fail(s, "\"pow\" not implemented for 'Bool'");
			goto out;
		}
		if (op == B_POW && dtype == DT_BOOL)
			dtype = DT_INT64;
		if (op == B_POW && b->type != PY_TENSOR && py_is_int(b) && b->u.i < 0) {	/* pow(Tensor, Scalar) only */
			py_fail(s, "Integers to negative integer powers are not allowed.");
			goto out;
		}
		/* bool + bool, bool * bool: computed as ints, stored as bool */
		y = int_binary(s, op, &ta->u.t, &tb->u.t, dtype, nd, shape);
		if (y != NULL) {	/* laid out as TensorIterator would */
			struct pyobj *ins[2] = { ta, tb }, *l;
			struct tensor_view bvs[2];
			long long layout[TENSOR_MAXDIM], cont[TENSOR_MAXDIM];

			pyt_bcast_view(&bvs[0], &ta->u.t, nd, shape);
			pyt_bcast_view(&bvs[1], &tb->u.t, nd, shape);
			out_layout(layout, nd, shape, ins, bvs, 2);
			pyt_contiguous_strides(cont, nd, shape);
			if (memcmp(layout, cont, (size_t)nd * sizeof *cont) != 0 &&
			    (l = new_tensor(s, y->u.t.dtype, nd, shape, layout)) != NULL) {
				pyt_write(&l->u.t, &y->u.t);
				py_decref(y);
				y = l;
			}
		}
	}
	if (y != NULL && !is_cmp) {
		const char *g = grad_names[op];

		if (op == B_SUB && rev)
			g = "RsubBackward1";
		else if (op == B_MOD && b->type != PY_TENSOR)
			g = "RemainderBackward0";
		else if (op == B_MOD && rev)
			g = "NotImplemented";
		else if (op == B_POW && scalar_pow)
			g = "PowBackward0";
		pyt_set_grad(y, g, req && y->u.t.dtype == DT_FLOAT);
	}
out:
	py_decref(ta);
	py_decref(tb);
	py_decref(fa);
	py_decref(fb);
	return y;
}

/* autograd's rules for an in-place write into x */
int
pyt_check_inplace(struct py_session *s, const struct pyobj *x)
{
	const struct pytensor *t = &x->u.t;

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

/* dst (a view) = src's values cast to dst's dtype; src contiguous, dst's shape */
void
pyt_write(struct pytensor *dst, const struct pytensor *src)
{
	size_t i, n = dst->numel, es = dtype_size(dst->dtype);
	char *base = dst->st->data;

	for (i = 0; i < n; i++) {
		long long off = dst->offset;
		size_t k = i;
		int d;
		double v;

		for (d = dst->ndim - 1; d >= 0; d--) {
			off += (long long)(k % (size_t)dst->shape[d]) * dst->stride[d];
			k /= (size_t)dst->shape[d];
		}
		if (src->dtype == dst->dtype) {
			memcpy(base + (size_t)off * es, (char *)src->st->data + (size_t)(src->offset + (long long)i) * es, es);
			continue;
		}
		v = pyt_get(src, i);
		if (dst->dtype == DT_FLOAT)
			((float *)base)[off] = (float)v;
		else if (dst->dtype == DT_INT64)
			((long long *)base)[off] = isnan(v) ? LLONG_MIN : (v >= UTIL_INT64_LIMIT || v < -UTIL_INT64_LIMIT) ? LLONG_MIN : (long long)v;
		else
			((unsigned char *)base)[off] = v != 0;
	}
}

/* 1: a and b share memory in a way that is not the same view (ATen's partial overlap) */
static int
partial_overlap(const struct pytensor *a, const struct pytensor *b)
{
	int d;

	if (a->st != b->st || a->numel == 0 || b->numel == 0)
		return 0;
	if (a->offset == b->offset && a->ndim == b->ndim) {
		for (d = 0; d < a->ndim; d++)
			if (a->shape[d] != b->shape[d] || a->stride[d] != b->stride[d])
				break;
		if (d == a->ndim)
			return 0;	/* the same view: full overlap is allowed */
	}
	{	/* the memory ranges meet */
		long long alo = a->offset, ahi = a->offset, blo = b->offset, bhi = b->offset;

		for (d = 0; d < a->ndim; d++)
			ahi += (long long)(a->shape[d] - 1) * a->stride[d];
		for (d = 0; d < b->ndim; d++)
			bhi += (long long)(b->shape[d] - 1) * b->stride[d];
		return alo <= bhi && blo <= ahi;
	}
}

struct pyobj *
op_inplace(struct py_session *s, int op, struct pyobj *a, struct pyobj *b)
{
	struct pyobj *r, *c, *tb;
	int nd, shape[TENSOR_MAXDIM], dtype, d;

	if (b->type != PY_TENSOR && !py_is_number(b))
		return py_fail(s, "unsupported operand type(s) for %s=: '%s' and '%s'", op_sym[op],
		    py_type_name(a), py_type_name(b));
	/* in PyTorch's order: autograd's check, then TensorIterator's overlap, broadcast, output shape, dtypes */
	if (pyt_check_inplace(s, a) != 0)
		return NULL;
	if (op == B_SUB && (a->u.t.dtype == DT_BOOL || (b->type == PY_TENSOR ? b->u.t.dtype : b->type == PY_BOOL ?
	    DT_BOOL : DT_FLOAT) == DT_BOOL))	/* sub_check, before the iterator's checks */
		return op_binary(s, op, a, b);
	if (b->type == PY_TENSOR && partial_overlap(&a->u.t, &b->u.t))
		return py_fail(s, "unsupported operation: some elements of the input tensor and the written-to tensor "
		    "refer to a single memory location. Please clone() the tensor before performing the operation.");
	tb = pyt_operand(s, b);
	dtype = promote(a->u.t.dtype, tb->u.t.dtype);
	if (op == B_DIV)
		dtype = DT_FLOAT;
	if (broadcast(s, &a->u.t, &tb->u.t, &nd, shape) != 0) {
		py_decref(tb);
		return NULL;
	}
	for (d = 0; d < nd; d++)
		if (nd != a->u.t.ndim || shape[d] != a->u.t.shape[d])
			break;
	if (d < nd || nd != a->u.t.ndim) {
		char sa[128], sb[128];
		int k, la = 0, lb = 0;

		for (k = 0; k < a->u.t.ndim && la < 100; k++)
			la += snprintf(sa + la, sizeof sa - (size_t)la, "%s%d", k ? ", " : "", a->u.t.shape[k]);
		sa[la] = '\0';
		for (k = 0; k < nd && lb < 100; k++)
			lb += snprintf(sb + lb, sizeof sb - (size_t)lb, "%s%d", k ? ", " : "", shape[k]);
		sb[lb] = '\0';
		py_decref(tb);
		return py_fail(s, "output with shape [%s] doesn't match the broadcast shape [%s]", sa, sb);
	}
	if (rank(dtype) > rank(a->u.t.dtype)) {
		py_decref(tb);
		return py_fail(s, "result type %s can't be cast to the desired output type %s",
		    cat_name[dtype], cat_name[a->u.t.dtype]);
	}
	py_decref(tb);
	if ((r = op_binary(s, op, a, b)) == NULL)
		return NULL;
	if ((c = pyt_contig(s, r)) == NULL) {
		py_decref(r);
		return NULL;
	}
	pyt_writable(s, a);
	pyt_write(&a->u.t, &c->u.t);
	pyt_mark_inplace(a, r->u.t.grad_fn, r->u.t.grad_fn != NULL);
	py_decref(c);
	py_decref(r);
	py_incref(a);
	return a;
}

struct pyobj *
op_neg(struct py_session *s, struct pyobj *a)
{
	struct pyobj *y, *z;

	if (a->u.t.dtype == DT_BOOL)
		return py_fail(s, "Negation, the `-` operator, on a bool tensor is not supported. "
		    "If you are trying to invert a mask, use the `~` or `logical_not()` operator instead.");
	if (a->u.t.dtype == DT_INT64) {
		z = py_int(0);
		y = op_binary(s, B_SUB, z, a);
		py_decref(z);
		return y;
	}
	{
		struct tensor_view v;
		long long layout[TENSOR_MAXDIM];
		int perm[TENSOR_MAXDIM];

		pyt_view(&v, &a->u.t);
		out_layout(layout, v.ndim, v.shape, &a, &v, 1);
		if ((y = new_result(s, DT_FLOAT, v.ndim, v.shape, layout)) == NULL)
			return NULL;
		layout_perm(&y->u.t, perm);
		permute_view(&v, perm);
		tensor_unary_view(pyt_data(&y->u.t), &v, TENSOR_NEG);
		pyt_set_grad(y, "NegBackward0", pyt_grad(a));
		return y;
	}
}

struct pyobj *
op_invert(struct py_session *s, struct pyobj *a)
{
	struct pyobj *y;
	size_t i;

	if (a->u.t.dtype == DT_FLOAT)
		return py_fail(s, "~ (operator.invert) is only implemented on integer and Boolean-type tensors");
	if ((y = pyt_contig(s, a)) == NULL)
		return NULL;
	for (i = 0; i < y->u.t.numel; i++) {
		if (a->u.t.dtype == DT_BOOL)
			((unsigned char *)y->u.t.st->data)[i] ^= 1;
		else
			((long long *)y->u.t.st->data)[i] = ~((long long *)y->u.t.st->data)[i];
	}
	return y;
}

/* ---- reductions ---- */

struct pyobj *
op_reduce(struct py_session *s, int op, struct pyobj *x, unsigned dims, int has_dims, int keepdim,
    int correction)
{
	const struct pytensor *t = &x->u.t;
	int shape[TENSOR_MAXDIM], nd = 0, d, dtype = DT_FLOAT;
	size_t count = 1, i;
	struct pyobj *y;
	struct tensor_view v;
	static const char *const names[3][2] = {
		{ "SumBackward0", "SumBackward1" }, { "MeanBackward0", "MeanBackward1" },
		{ "VarBackward0", "VarBackward0" },
	};

	if (t->ndim == 0)
		dims = 0;
	else if (!has_dims)
		dims = (1u << t->ndim) - 1;
	for (d = 0; d < t->ndim; d++) {
		if (dims >> d & 1) {
			count *= (size_t)t->shape[d];
			if (keepdim)
				shape[nd++] = 1;
		} else {
			shape[nd++] = t->shape[d];
		}
	}
	if (t->dtype != DT_FLOAT) {
		if (op == R_MEAN)
			return py_fail(s, "mean(): could not infer output dtype. Input dtype must be either a floating point "
			    "or complex dtype. Got: %s", cat_name[t->dtype]);
		if (op == R_VAR)
			return py_fail(s, "std and var only support floating point and complex dtypes");
		dtype = DT_INT64;
	}
	if ((y = dtype == DT_FLOAT ? new_result(s, dtype, nd, shape, NULL) : new_tensor(s, dtype, nd, shape, NULL)) == NULL)
		return NULL;
	if (dtype == DT_INT64) {	/* exact: any order */
		long long *out = y->u.t.st->data;

		for (i = 0; i < t->numel; i++) {
			size_t q = i, o = 0, mul = 1;

			for (d = t->ndim - 1; d >= 0; d--) {
				size_t k = q % (size_t)t->shape[d];

				q /= (size_t)t->shape[d];
				if (!(dims >> d & 1)) {
					o += k * mul;
					mul *= (size_t)t->shape[d];
				}
			}
			out[o] = (long long)((unsigned long long)out[o] + (unsigned long long)pyt_geti(t, i));
		}
		y->deps = x->deps;
		return y;
	}
	pyt_view(&v, t);
	if (op == R_VAR) {
		tensor_var_view(pyt_data(&y->u.t), &v, dims, keepdim, correction);
	} else {
		tensor_sum_view(pyt_data(&y->u.t), &v, dims, keepdim);
		if (op == R_MEAN)	/* sum(...).div_(count) */
			for (i = 0; i < y->u.t.numel; i++)
				pyt_data(&y->u.t)[i] /= (float)count;
	}
	y->deps = x->deps;
	pyt_set_grad(y, names[op][has_dims], pyt_grad(x));
	return y;
}

/* _mm256_max_ps / _mm256_min_ps, then NaN where either is NaN (Vectorized<float>::maximum) */
static float
vmaxf(float a, float b, int is_min)
{
	if (isnan(a) || isnan(b))
		return NAN;
	if (is_min)
		return a < b ? a : b;
	return a > b ? a : b;	/* b when equal: of +0 and -0 the second */
}

/*
 * x.max() / x.min() of n contiguous floats as 1.13's max_all kernel
 * reduces them (vec::reduce_all over 8 lanes, then the AVX2 shuffle
 * tree): the value is the maximum, but which zero of +0 and -0 comes
 * out depends on where each stands.
 */
static float
max_all_f32(const float *x, size_t n, int is_min)
{
	float acc[8], v1[8];
	size_t d, i;

	if (n < 8) {
		float r = x[0];

		for (i = 1; i < n; i++)
			r = vmaxf(r, x[i], is_min);
		return r;
	}
	for (i = 0; i < 8; i++)
		acc[i] = x[i];
	for (d = 8; d < n - n % 8; d += 8)
		for (i = 0; i < 8; i++)
			acc[i] = vmaxf(acc[i], x[d + i], is_min);
	for (i = 0; d + i < n; i++)	/* the tail: lanes beyond it keep acc */
		acc[i] = vmaxf(acc[i], x[d + i], is_min);
	for (i = 0; i < 8; i++)	/* 128-bit halves swapped */
		v1[i] = acc[(i + 4) % 8];
	for (i = 0; i < 8; i++)
		acc[i] = vmaxf(acc[i], v1[i], is_min);
	for (i = 0; i < 8; i++)	/* shuffle 0x4E: pairs swapped */
		v1[i] = acc[i ^ 2];
	for (i = 0; i < 8; i++)
		acc[i] = vmaxf(acc[i], v1[i], is_min);
	for (i = 0; i < 8; i++)	/* shuffle 0xB1: neighbours swapped */
		v1[i] = acc[i ^ 1];
	return vmaxf(acc[0], v1[0], is_min);
}

/*
 * max/min over everything (dim < 0: one value, or argmax's index into the
 * flattened tensor) or along dim: values and the index of the first
 * extreme (compare_base_kernel: NaN wins and stops the scan).
 */
struct pyobj *
op_max(struct py_session *s, struct pyobj *x, int dim, int keepdim, int is_min, int arg)
{
	const struct pytensor *t = &x->u.t;
	int shape[TENSOR_MAXDIM], nd = 0, d;
	size_t outer = 1, inner = 1, n, o, j, i;
	struct pyobj *vals = NULL, *idx, *c;
	const char *fn = arg ? (is_min ? "argmin" : "argmax") : (is_min ? "min" : "max");

	int zero_dim = dim == -3;

	if (zero_dim)	/* a 0-dim tensor with a dim: one element, still (values, indices) */
		dim = 0;
	if (dim < 0) {
		if (t->numel == 0) {
			if (arg)
				return py_fail(s, "%s(): Expected reduction dim to be specified for input.numel() == 0.", fn);
			return py_fail(s, "%s(): Expected reduction dim to be specified for input.numel() == 0. Specify the "
			    "reduction dim with the 'dim' argument.", fn);
		}
		n = t->numel;
	} else {
		if (t->ndim > 0 && t->shape[dim] == 0)
			return py_fail(s, "%s(): Expected reduction dim %d to have non-zero size.", fn, dim);
		for (d = 0; d < t->ndim; d++) {
			if (d < dim)
				outer *= (size_t)t->shape[d];
			else if (d > dim)
				inner *= (size_t)t->shape[d];
			if (d != dim)
				shape[nd++] = t->shape[d];
			else if (keepdim)
				shape[nd++] = 1;
		}
		n = t->ndim ? (size_t)t->shape[dim] : 1;
	}
	if ((c = pyt_contig(s, x)) == NULL)
		return NULL;
	if ((idx = new_tensor(s, DT_INT64, dim < 0 ? 0 : nd, shape, NULL)) == NULL ||
	    (!arg && (vals = new_tensor(s, t->dtype, dim < 0 ? 0 : nd, shape, NULL)) == NULL)) {
		py_decref(c);
		py_decref(idx);
		return NULL;
	}
	for (o = 0; o < (dim < 0 ? 1 : outer); o++)
		for (j = 0; j < (dim < 0 ? 1 : inner); j++) {
			size_t base = dim < 0 ? 0 : o * n * inner + j, st = dim < 0 ? 1 : inner, best = 0;
			double bv = pyt_get(&c->u.t, base);

			if (t->dtype == DT_INT64) {	/* exactly: a double holds 53 bits */
				long long bi = pyt_geti(&c->u.t, base);

				for (i = 0; i < n; i++) {
					long long v = pyt_geti(&c->u.t, base + i * st);

					if (is_min ? v < bi : v > bi) {
						bi = v;
						best = i;
					}
				}
			}
			for (i = 0; t->dtype != DT_INT64 && i < n; i++) {
				double v = pyt_get(&c->u.t, base + i * st);

				if (is_min ? !(v >= bv) : !(v <= bv)) {
					bv = v;
					best = i;
					if (isnan(v))
						break;
				}
			}
			((long long *)idx->u.t.st->data)[o * inner + j] = (long long)best;
			if (vals != NULL) {
				size_t from = base + best * st, es = dtype_size(t->dtype);

				memcpy((char *)vals->u.t.st->data + (o * inner + j) * es, (char *)c->u.t.st->data + from * es, es);
			}
		}
	if (dim < 0 && vals != NULL && t->dtype == DT_FLOAT)	/* which of equal zeros: the kernel's */
		*(float *)vals->u.t.st->data = max_all_f32((const float *)c->u.t.st->data + c->u.t.offset, n, is_min);
	py_decref(c);
	idx->deps = x->deps;
	if (arg)
		return idx;
	vals->deps = x->deps;
	if (dim < 0) {
		py_decref(idx);
		pyt_set_grad(vals, is_min ? "MinBackward1" : "MaxBackward1", pyt_grad(x));
		return vals;
	}
	pyt_set_grad(vals, is_min ? "MinBackward0" : "MaxBackward0", pyt_grad(x));
	if (!zero_dim)	/* a 0-dim input is copied as it is */
		vals->u.t.ghost0 = idx->u.t.ghost0 = 1;	/* unsqueeze_(dim), then squeeze_(dim) */
	{
		struct pyobj *r = py_seq(PY_RETURNS, 2);

		r->u.seq.name = is_min ? "min" : "max";
		r->u.seq.v[0] = vals;
		r->u.seq.v[1] = idx;
		r->deps = x->deps;
		return r;
	}
}

/* ---- element-wise functions ---- */

struct pyobj *
op_unary(struct py_session *s, int op, struct pyobj *x)
{
	static const char *const names[] = { "ExpBackward0", "SqrtBackward0", "AbsBackward0" };
	static const int kernels[] = { TENSOR_EXP, TENSOR_SQRT, TENSOR_ABS };
	struct pyobj *f, *y;
	struct tensor_view v;
	long long layout[TENSOR_MAXDIM];
	int perm[TENSOR_MAXDIM];

	if (op == U_ABS && x->u.t.dtype != DT_FLOAT) {	/* abs keeps integers */
		size_t i;

		if (x->u.t.dtype == DT_BOOL)
			return py_fail(s, "\"abs_cpu\" not implemented for 'Bool'");
		if ((y = pyt_contig(s, x)) == NULL)
			return NULL;
		for (i = 0; i < y->u.t.numel; i++) {
			long long *p = (long long *)y->u.t.st->data + i;

			*p = *p < 0 ? (long long)(0ULL - (unsigned long long)*p) : *p;
		}
		return y;
	}
	if ((f = as_float(s, x)) == NULL)
		return NULL;
	pyt_view(&v, &f->u.t);
	out_layout(layout, v.ndim, v.shape, &x, &v, 1);
	if ((y = new_result(s, DT_FLOAT, v.ndim, v.shape, layout)) == NULL) {
		py_decref(f);
		return NULL;
	}
	layout_perm(&y->u.t, perm);
	permute_view(&v, perm);
	tensor_unary_view(pyt_data(&y->u.t), &v, kernels[op]);
	py_decref(f);
	y->deps = x->deps;
	pyt_set_grad(y, names[op], pyt_grad(x));
	return y;
}

/*
 * softmax(x, dim) on x.contiguous() (host_softmax): along the last dim,
 * tensor_softmax_rows, the stages' own kernel; along another, ATen's
 * _vec_softmax, vectorised over the dims inside it.
 */
struct pyobj *
op_softmax(struct py_session *s, struct pyobj *x, int dim)
{
	const struct pytensor *t = &x->u.t;
	struct pyobj *c, *y;
	size_t outer = 1, inner = 1, n = 1;
	int d;

	if (t->numel == 0) {	/* no kernel runs: an empty result of the input's dtype */
		if ((y = new_tensor(s, t->dtype, t->ndim, t->shape, NULL)) != NULL)
			pyt_set_grad(y, "SoftmaxBackward0", pyt_grad(x));
		return y;
	}
	if (t->dtype != DT_FLOAT)	/* the kernel softmax_cpu_out picks: lastdim for the last dim only */
		return py_fail(s, "\"%s\" not implemented for '%s'", dim == t->ndim - 1 || t->ndim == 0 ?
		    "softmax_lastdim_kernel_impl" : "softmax_kernel_impl", cat_name[t->dtype]);
	for (d = 0; d < t->ndim; d++) {
		if (d < dim)
			outer *= (size_t)t->shape[d];
		else if (d > dim)
			inner *= (size_t)t->shape[d];
		else
			n = (size_t)t->shape[d];
	}
	if (pyt_is_contiguous(t)) {	/* input.contiguous() is the input itself */
		py_incref(x);
		c = x;
	} else if ((c = pyt_contig(s, x)) == NULL) {
		return NULL;
	}
	if ((y = new_result(s, DT_FLOAT, t->ndim, t->shape, NULL)) == NULL) {
		py_decref(c);
		return NULL;
	}
	if (t->numel > 0) {
		if (dim == t->ndim - 1 || t->ndim == 0)	/* softmax_lastdim_kernel only for the last dim itself */
			tensor_softmax_rows(pyt_data(&y->u.t), pyt_data(&c->u.t), outer, (int)n);
		else
			tensor_softmax_dim(pyt_data(&y->u.t), pyt_data(&c->u.t), outer, n, inner);
	}
	py_decref(c);
	y->deps = x->deps;
	pyt_set_grad(y, "SoftmaxBackward0", pyt_grad(x));
	return y;
}

/*
 * x.masked_fill(mask, value): a bool mask; another dtype 1.13 reads byte
 * by byte (the lowest byte of each element must be 0 or 1), which 2.x
 * refuses.  Out of place, mask and x broadcast together and the result is
 * contiguous; in place, the mask broadcasts to x.
 */
struct pyobj *
op_masked_fill(struct py_session *s, struct pyobj *x, struct pyobj *mask, struct pyobj *value, int inplace)
{
	struct pyobj *y, *vt;
	struct tensor_view mv;
	int nd, shape[TENSOR_MAXDIM], d, req;
	size_t i;
	double v;

	if (mask->type != PY_TENSOR)
		return py_fail(s, "masked_fill(): argument 'mask' (position 1) must be Tensor, not %s", py_type_name(mask));
	if (value->type == PY_TENSOR && value->u.t.ndim != 0)
		return py_fail(s, "masked_fill_ only supports a 0-dimensional value tensor, but got tensor with %d "
		    "dimension(s).", value->u.t.ndim);
	if (value->type != PY_TENSOR && !py_is_number(value))
		return py_fail(s, "masked_fill(): argument 'value' (position 2) must be Number, not %s", py_type_name(value));
	if (inplace && pyt_check_inplace(s, x) != 0)	/* autograd's check comes before the kernel's */
		return NULL;
	if (broadcast(s, &x->u.t, &mask->u.t, &nd, shape) != 0)
		return NULL;
	if (inplace) {
		for (d = 0; d < nd; d++)
			if (nd != x->u.t.ndim || shape[d] != x->u.t.shape[d])
				break;
		if (d < nd || nd != x->u.t.ndim) {
			char sa[128], sb[128];

			pyt_shape_text(sa, sizeof sa, x->u.t.ndim, x->u.t.shape);
			pyt_shape_text(sb, sizeof sb, nd, shape);
			return py_fail(s, "output with shape [%s] doesn't match the broadcast shape [%s]", sa, sb);
		}
	}
	vt = pyt_operand(s, value);
	v = pyt_get(&vt->u.t, 0);
	if (x->u.t.dtype == DT_INT64 && (isnan(v) || v >= UTIL_INT64_LIMIT || v < -UTIL_INT64_LIMIT)) {
		py_decref(vt);
		return py_fail(s, "value cannot be converted to type int64_t without overflow");
	}
	py_decref(vt);
	/* the mask's bytes, as 1.13's kernel reads them */
	pyt_bcast_view(&mv, &mask->u.t, nd, shape);
	{
		const struct pytensor *m = &mask->u.t;
		size_t es = dtype_size(m->dtype), n = 1;
		unsigned char *bits;

		for (d = 0; d < nd; d++)
			n *= (size_t)shape[d];
		bits = xmalloc(n ? n : 1);
		for (i = 0; i < n; i++) {
			long long off = m->offset;
			size_t q = i;

			for (d = nd - 1; d >= 0; d--) {
				off += (long long)(q % (size_t)shape[d]) * mv.stride[d];
				q /= (size_t)shape[d];
			}
			bits[i] = ((unsigned char *)m->st->data)[(size_t)off * es];	/* the lowest byte */
			if (m->dtype != DT_BOOL && bits[i] > 1) {
				free(bits);
				return py_fail(s, "Mask tensor can take 0 and 1 values only");
			}
		}
		if (m->dtype != DT_BOOL && !s->warned)
			py_warn(s, "masked_fill: the mask is %s, not torch.bool; PyTorch 1.13 reads only the lowest byte of "
			    "each element (a mask of 1.0 fills nothing), PyTorch 2.x raises an error: use mask.bool()",
			    dtype_name(m->dtype));
		req = pyt_grad(x) || pyt_grad(value);
		if (inplace) {
			struct pyobj *c;

			if (pyt_check_inplace(s, x) != 0 || (c = pyt_contig(s, x)) == NULL) {
				free(bits);
				return NULL;
			}
			y = c;
		} else {
			struct tensor_view xv;

			if ((y = new_tensor(s, x->u.t.dtype, nd, shape, NULL)) == NULL) {
				free(bits);
				return NULL;
			}
			pyt_bcast_view(&xv, &x->u.t, nd, shape);
			for (i = 0; i < n; i++) {
				long long off = x->u.t.offset;
				size_t q = i, es2 = dtype_size(x->u.t.dtype);

				for (d = nd - 1; d >= 0; d--) {
					off += (long long)(q % (size_t)shape[d]) * xv.stride[d];
					q /= (size_t)shape[d];
				}
				memcpy((char *)y->u.t.st->data + i * es2, (char *)x->u.t.st->data + (size_t)off * es2, es2);
			}
		}
		for (i = 0; i < n; i++) {
			if (!bits[i])
				continue;
			if (y->u.t.dtype == DT_FLOAT)
				((float *)y->u.t.st->data)[i] = (float)v;
			else if (y->u.t.dtype == DT_INT64)
				((long long *)y->u.t.st->data)[i] = (long long)v;
			else
				((unsigned char *)y->u.t.st->data)[i] = v != 0;
		}
		free(bits);
		if (inplace) {
			pyt_writable(s, x);
			pyt_write(&x->u.t, &y->u.t);
			py_decref(y);
			pyt_mark_inplace(x, "MaskedFillBackward0", req);
			py_incref(x);
			return x;
		}
		y->deps = x->deps | mask->deps;
		pyt_set_grad(y, "MaskedFillBackward0", req);
		return y;
	}
}

/* torch.tril(x, k) / torch.triu(x, k) on the last two dims */
struct pyobj *
op_tri(struct py_session *s, struct pyobj *x, long long k, int upper)
{
	const struct pytensor *t = &x->u.t;
	struct pyobj *y;
	size_t i, rows, cols, mats, es = dtype_size(t->dtype);

	if (t->ndim == 0)
		return py_fail(s, "Dimension specified as -2 but tensor has no dimensions");
	if (t->ndim < 2)
		return py_fail(s, "Dimension out of range (expected to be in range of [-1, 0], but got -2)");
	if ((y = pyt_contig(s, x)) == NULL)
		return NULL;
	rows = (size_t)t->shape[t->ndim - 2];
	cols = (size_t)t->shape[t->ndim - 1];
	mats = rows * cols != 0 ? t->numel / (rows * cols) : 0;
	for (i = 0; i < mats * rows * cols; i++) {
		long long r = (long long)(i / cols % rows), c = (long long)(i % cols);
		int keep = upper ? c - r >= k : c - r <= k;

		if (!keep)
			memset((char *)y->u.t.st->data + i * es, 0, es);
	}
	pyt_set_grad(y, upper ? "TriuBackward0" : "TrilBackward0", pyt_grad(x));
	return y;
}

/* torch.cat(seq, dim) / torch.stack(seq, dim) */
struct pyobj *
op_cat(struct py_session *s, struct pyobj *seq, long long dim_in, int stack)
{
	struct pyobj **v, *y, *c;
	int n, i, d, dim, nd, shape[TENSOR_MAXDIM], dtype, req = 0, fmt = 0;
	size_t outer = 1, off = 0, es;
	const char *fn = stack ? "stack" : "cat";

	if (seq->type != PY_TUPLE && seq->type != PY_LIST)
		return py_fail(s, "%s(): argument 'tensors' (position 1) must be tuple of Tensors, not %s", fn,
		    py_type_name(seq));
	v = seq->u.seq.v;
	n = seq->u.seq.n;
	if (n == 0)
		return py_fail(s, stack ? "stack expects a non-empty TensorList" : "torch.cat(): expected a non-empty list of Tensors");
	for (i = 0; i < n; i++)
		if (v[i]->type != PY_TENSOR)
			return py_fail(s, "expected Tensor as element %d in argument 0, but got %s", i, py_type_name(v[i]));
	dtype = v[0]->u.t.dtype;
	for (i = 0; i < n; i++) {
		dtype = promote(dtype, v[i]->u.t.dtype);
		req |= pyt_grad(v[i]);
	}
	nd = v[0]->u.t.ndim;
	if (!stack) {	/* legacy cat: 1-d empty tensors are skipped; the first other one sets the rank */
		int first = -1, kept = 0;

		for (i = 0; i < n; i++)
			if (!(v[i]->u.t.ndim == 1 && v[i]->u.t.shape[0] == 0)) {
				if (first < 0)
					first = i;
				kept++;
			} else if (v[i]->u.t.ndim == 0) {
				first = first < 0 ? i : first;
			}
		for (i = 0; i < n; i++)
			if (v[i]->u.t.ndim == 0)
				return py_fail(s, "zero-dimensional tensor (at position %d) cannot be concatenated", i);
		if (first < 0) {	/* all empty: an empty 1-d result */
			if ((y = new_tensor(s, dtype, 1, v[0]->u.t.shape, NULL)) == NULL)
				return NULL;
			pyt_set_grad(y, "CatBackward0", req);
			return y;
		}
		if (kept < n) {	/* the others, without the empty ones */
			struct pyobj *sub = py_seq(PY_TUPLE, kept), *r;
			int k = 0;

			for (i = 0; i < n; i++)
				if (!(v[i]->u.t.ndim == 1 && v[i]->u.t.shape[0] == 0)) {
					py_incref(v[i]);
					sub->u.seq.v[k++] = v[i];
				}
			r = op_cat(s, sub, dim_in, 0);
			py_decref(sub);
			if (r != NULL && r->u.t.dtype != dtype) {
				struct pyobj *cv = op_to(s, r, dtype);

				py_decref(r);
				r = cv;
			}
			if (r != NULL)
				pyt_set_grad(r, "CatBackward0", req);
			return r;
		}
	}
	if (stack) {
		if (nd + 1 > TENSOR_MAXDIM)
			return py_fail(s, "at most %d dimensions are supported", TENSOR_MAXDIM);
		if (py_wrap_dim(s, dim_in, nd + 1, &dim) != 0)
			return NULL;
		for (i = 1; i < n; i++) {
			int same = v[i]->u.t.ndim == nd;

			for (d = 0; same && d < nd; d++)
				same = v[i]->u.t.shape[d] == v[0]->u.t.shape[d];
			if (!same) {
				char a[128], b[128];

				pyt_shape_text(a, sizeof a, nd, v[0]->u.t.shape);
				pyt_shape_text(b, sizeof b, v[i]->u.t.ndim, v[i]->u.t.shape);
				return py_fail(s, "stack expects each tensor to be equal size, but got [%s] at entry 0 and [%s] "
				    "at entry %d", a, b, i);
			}
		}
		for (d = 0, i = 0; d <= nd; d++)
			shape[d] = d == dim ? n : v[0]->u.t.shape[i++];
		nd++;
	} else {
		for (i = 0; i < n; i++)
			if (v[i]->u.t.ndim == 0)
				return py_fail(s, "zero-dimensional tensor (at position %d) cannot be concatenated", i);
		if (py_wrap_dim(s, dim_in, nd, &dim) != 0)
			return NULL;
		for (d = 0; d < nd; d++)
			shape[d] = v[0]->u.t.shape[d];
		shape[dim] = 0;
		for (i = 0; i < n; i++) {
			if (v[i]->u.t.ndim != nd)
				return py_fail(s, "Tensors must have same number of dimensions: got %d and %d", nd, v[i]->u.t.ndim);
			for (d = 0; d < nd; d++)
				if (d != dim && v[i]->u.t.shape[d] != v[0]->u.t.shape[d])
					return py_fail(s, "Sizes of tensors must match except in dimension %d. Expected size %d but "
					    "got size %d for tensor number %d in the list.", dim, v[0]->u.t.shape[d],
					    v[i]->u.t.shape[d], i);
			shape[dim] += v[i]->u.t.shape[dim];
		}
	}
	/* compute_output_memory_format: one suggested format for all inputs, or contiguous */
	for (i = 0; i < n; i++) {
		const struct pytensor *t = &v[i]->u.t;
		int f, k, j = 0, us[TENSOR_MAXDIM];
		long long ust[TENSOR_MAXDIM];

		if (stack) {	/* each input unsqueezed at dim */
			for (k = 0; k < nd; k++) {
				if (k == dim) {
					us[k] = 1;
					ust[k] = dim >= t->ndim ? 1 : (long long)t->shape[dim] * t->stride[dim];
				} else {
					us[k] = t->shape[j];
					ust[k] = t->stride[j++];
				}
			}
			f = pyt_memory_format(nd, us, ust);
		} else {
			f = pyt_memory_format(t->ndim, t->shape, t->stride);
		}
		if (i == 0)
			fmt = f;
		else if (fmt != f && fmt != 0)
			fmt = 0;
	}
	if ((y = new_tensor(s, dtype, nd, shape, NULL)) == NULL)
		return NULL;
	es = dtype_size(dtype);
	for (d = 0; d < dim; d++)
		outer *= (size_t)shape[d];
	for (i = 0; i < n; i++) {
		struct pyobj *f = op_to(s, v[i], dtype);
		size_t chunk, o;

		if (f == NULL || (c = pyt_contig(s, f)) == NULL) {
			py_decref(f);
			py_decref(y);
			return NULL;
		}
		py_decref(f);
		chunk = outer ? c->u.t.numel / outer : 0;	/* each tensor's slab per outer index */
		for (o = 0; o < outer; o++)
			memcpy((char *)y->u.t.st->data + (o * (y->u.t.numel / (outer ? outer : 1)) + off) * es,
			    (char *)c->u.t.st->data + o * chunk * es, chunk * es);
		off += chunk;
		y->deps |= v[i]->deps;
		py_decref(c);
	}
	if (fmt != 0) {	/* the values laid out channels-last */
		long long st[TENSOR_MAXDIM];
		struct pyobj *cl;

		pyt_channels_last_strides(nd, shape, st);
		if ((cl = new_tensor(s, dtype, nd, shape, st)) == NULL) {
			py_decref(y);
			return NULL;
		}
		pyt_write(&cl->u.t, &y->u.t);
		cl->deps = y->deps;
		py_decref(y);
		y = cl;
	}
	pyt_set_grad(y, stack ? "StackBackward0" : "CatBackward0", req);
	return y;
}

/* isclose(a, b).all() in float32, as allclose computes it */
int
op_allclose(struct py_session *s, struct pyobj *a, struct pyobj *b, double rtol, double atol, int *out)
{
	int nd, shape[TENSOR_MAXDIM], d;
	struct pyobj *fa, *fb;
	struct tensor_view va, vb;
	size_t i, n = 1;

	if (a->u.t.dtype != b->u.t.dtype) {
		py_fail(s, "%s did not match %s", cat_name[a->u.t.dtype], cat_name[b->u.t.dtype]);
		return -1;
	}
	if (broadcast(s, &a->u.t, &b->u.t, &nd, shape) != 0)
		return -1;
	if ((fa = as_float(s, a)) == NULL)
		return -1;
	if ((fb = as_float(s, b)) == NULL) {
		py_decref(fa);
		return -1;
	}
	pyt_bcast_view(&va, &fa->u.t, nd, shape);
	pyt_bcast_view(&vb, &fb->u.t, nd, shape);
	for (d = 0; d < nd; d++)
		n *= (size_t)shape[d];
	*out = 1;
	for (i = 0; i < n && *out; i++) {
		long long oa = 0, ob = 0;
		size_t q = i;
		float x, y, allowed, actual;

		for (d = nd - 1; d >= 0; d--) {
			oa += (long long)(q % (size_t)shape[d]) * va.stride[d];
			ob += (long long)(q % (size_t)shape[d]) * vb.stride[d];
			q /= (size_t)shape[d];
		}
		x = va.data[oa];
		y = vb.data[ob];
		allowed = (float)atol + fabsf((float)rtol * y);
		actual = fabsf(x - y);
		if (!(x == y || (isfinite(actual) && actual <= allowed)))
			*out = 0;
	}
	py_decref(fa);
	py_decref(fb);
	return 0;
}

int
op_equal(struct py_session *s, struct pyobj *a, struct pyobj *b, int *out)
{
	size_t i;
	int d;

	(void)s;
	*out = a->u.t.ndim == b->u.t.ndim;
	for (d = 0; *out && d < a->u.t.ndim; d++)
		*out = a->u.t.shape[d] == b->u.t.shape[d];
	for (i = 0; *out && i < a->u.t.numel; i++)
		*out = pyt_get(&a->u.t, i) == pyt_get(&b->u.t, i);
	return 0;
}

/* ---- products ---- */

/*
 * c (rows of N) = a @ b for one item: a (M, K) with rows lda apart and k
 * contiguous, b read through (rs, cs); through tensor_mm_strided, the
 * stages' kernel (each output a sequential float32 sum, as the reference
 * BLAS behind PyTorch computes it).
 */
static void
mm_item(float *c, const float *a, size_t lda, const float *b, long long rs, long long cs, int M, int N, int K)
{
	tensor_mm_strided(c, a, lda, b, (size_t)rs, (size_t)cs, 1, M, N, K, 0, 0);
}

/* integer products: exact, any order */
static void
mm_int(void *c, const struct pytensor *a, const struct pytensor *b, long long oa, long long ob,
    int M, int N, int K, long long as0, long long as1, long long bs0, long long bs1)
{
	int i, j, k;

	for (i = 0; i < M; i++)
		for (j = 0; j < N; j++) {
			unsigned long long acc = 0;

			for (k = 0; k < K; k++) {
				long long ia = oa + i * as0 + k * as1, ib = ob + k * bs0 + j * bs1;

				if (a->dtype == DT_BOOL)	/* bmm of bools: any(a & b) */
					acc |= ((unsigned char *)a->st->data)[ia] & ((unsigned char *)b->st->data)[ib];
				else
					acc += (unsigned long long)((long long *)a->st->data)[ia] *
					    (unsigned long long)((long long *)b->st->data)[ib];
			}
			if (a->dtype == DT_BOOL)
				((unsigned char *)c)[(size_t)i * N + j] = acc != 0;
			else
				((long long *)c)[(size_t)i * N + j] = (long long)acc;
		}
}

struct pyobj *
op_matmul(struct py_session *s, struct pyobj *a, struct pyobj *b)
{
	const struct pytensor *ta = &a->u.t, *tb = &b->u.t;
	int na = ta->ndim, nb = tb->ndim, M, N, K, d, nbatch, bshape[TENSOR_MAXDIM], shape[TENSOR_MAXDIM], nd = 0;
	long long as[TENSOR_MAXDIM + 1], bs[TENSOR_MAXDIM + 1], as0, as1, bs0, bs1;
	struct pyobj *y, *ca = NULL;
	const char *grad;
	size_t items = 1, it;

	if (na == 0 || nb == 0)
		return py_fail(s, "both arguments to matmul need to be at least 1D, but they are %dD and %dD", na, nb);
	if (ta->dtype != tb->dtype && na == 1 && nb == 1)	/* dot checks dtypes first, the others shapes */
		return py_fail(s, "dot : expected both vectors to have same dtype, but found %s and %s",
		    cat_name[ta->dtype], cat_name[tb->dtype]);
	/* a as (..., M, K), b as (..., K, N); 1-d operands get a dim of 1 that the result drops */
	M = na >= 2 ? ta->shape[na - 2] : 1;
	K = ta->shape[na - 1];
	N = nb >= 2 ? tb->shape[nb - 1] : 1;
	as1 = ta->stride[na - 1];
	as0 = na >= 2 ? ta->stride[na - 2] : 0;
	bs0 = nb >= 2 ? tb->stride[nb - 2] : tb->stride[0];
	bs1 = nb >= 2 ? tb->stride[nb - 1] : 0;
	/* the batch dims broadcast first when both operands have them (infer_size) */
	if (na >= 3 && nb >= 3) {
		int ba = na - 2, bb = nb - 2;

		nbatch = ba > bb ? ba : bb;
		for (d = nbatch - 1; d >= 0; d--) {
			int da = d - (nbatch - ba), db = d - (nbatch - bb);
			int sa = da >= 0 ? ta->shape[da] : 1, sb = db >= 0 ? tb->shape[db] : 1;

			if (sa != sb && sa != 1 && sb != 1)
				return py_fail(s, "The size of tensor a (%d) must match the size of tensor b (%d) at "
				    "non-singleton dimension %d", sa, sb, d);
			items *= (size_t)(sa == 1 ? sb : sa);
		}
	}
	if ((nb >= 2 ? tb->shape[nb - 2] : tb->shape[0]) != K) {
		int kb = nb >= 2 ? tb->shape[nb - 2] : tb->shape[0];
		size_t ra = (size_t)M, rb = (size_t)N;	/* the rows once the batch is folded in */

		for (d = 0; d < na - 2; d++)
			ra *= (size_t)ta->shape[d];
		for (d = 0; d < nb - 2; d++)
			rb *= (size_t)tb->shape[d];
		if (na == 1 && nb == 1)
			return py_fail(s, "inconsistent tensor size, expected tensor [%d] and src [%d] to have the same "
			    "number of elements, but got %d and %d elements respectively", K, kb, K, kb);
		if (na == 2 && nb == 1)
			return py_fail(s, "size mismatch, got %d, %dx%d,%d", M, M, K, kb);
		if (na <= 2 && nb == 2)
			return py_fail(s, "mat1 and mat2 shapes cannot be multiplied (%dx%d and %dx%d)", M, K, kb, N);
		/*
		 * should_fold refuses a 3-d operand whose last two dims are
		 * transposed under a slowest first dim (permute(0, 2, 1)): then
		 * bmm runs on the expanded operands and its check speaks
		 */
		if ((na == 3 && nb == 2 && ta->stride[2] != 1 && ta->stride[0] == (long long)ta->shape[1] * ta->shape[2]) ||
		    (nb == 3 && na == 2 && tb->stride[2] != 1 && tb->stride[0] == (long long)tb->shape[1] * tb->shape[2]))
			return py_fail(s, "Expected size for first two dimensions of batch2 tensor to be: [%d, %d] but got: "
			    "[%d, %d].", na == 3 ? ta->shape[0] : tb->shape[0], K, na == 3 ? ta->shape[0] : tb->shape[0], kb);
		if (na >= 3 && nb == 1)		/* folded into one mv */
			return py_fail(s, "size mismatch, got %zu, %zux%d,%d", ra, ra, K, kb);
		if (na >= 3 && nb == 2)		/* folded into one mm */
			return py_fail(s, "mat1 and mat2 shapes cannot be multiplied (%zux%d and %dx%d)", ra, K, kb, N);
		if (na == 2)			/* b.mT @ a.t(), folded */
			return py_fail(s, "mat1 and mat2 shapes cannot be multiplied (%zux%d and %dx%d)", rb, kb, K, M);
		if (na == 1)
			return py_fail(s, "size mismatch, got %zu, %zux%d,%d", rb, rb, kb, K);
		return py_fail(s, "Expected size for first two dimensions of batch2 tensor to be: [%zu, %d] but got: "
		    "[%zu, %d].", items, K, items, kb);
	}
	if (ta->dtype != tb->dtype) {	/* a 1-d or 2-d a times a batched b runs as b.mT @ a.mT: names swapped */
		int swap = na <= 2 && nb >= 3;

		return py_fail(s, "expected scalar type %s but found %s", cat_name[swap ? tb->dtype : ta->dtype],
		    cat_name[swap ? ta->dtype : tb->dtype]);
	}
	if (ta->dtype == DT_BOOL && (na < 3 || nb < 3) && (size_t)M * N * K != 0)	/* after the shapes; bmm
									 * takes bools, an empty mm runs no kernel */
		return py_fail(s, na == 1 && nb == 1 ? "\"dot\" not implemented for 'Bool'" :
		    "\"addmm_impl_cpu_\" not implemented for 'Bool'");
	items = 1;
	/* the batch dims, broadcast */
	{
		int ba = na > 2 ? na - 2 : 0, bb = nb > 2 ? nb - 2 : 0, k;

		nbatch = ba > bb ? ba : bb;
		for (d = 0; d < nbatch; d++) {
			int da = d - (nbatch - ba), db = d - (nbatch - bb);
			int sa = da >= 0 ? ta->shape[da] : 1, sb = db >= 0 ? tb->shape[db] : 1;

			if (sa != sb && sa != 1 && sb != 1)
				return py_fail(s, "The size of tensor a (%d) must match the size of tensor b (%d) at "
				    "non-singleton dimension %d", sa, sb, d);
			bshape[d] = sa == 1 ? sb : sa;
			as[d] = da < 0 || (sa == 1 && bshape[d] != 1) ? 0 : ta->stride[da];
			bs[d] = db < 0 || (sb == 1 && bshape[d] != 1) ? 0 : tb->stride[db];
			items *= (size_t)bshape[d];
			shape[nd++] = bshape[d];
		}
		if (na >= 2)
			shape[nd++] = M;
		if (nb >= 2)
			shape[nd++] = N;
		(void)k;
	}
	if ((y = new_result(s, ta->dtype, nd, shape, NULL)) == NULL)
		return NULL;
	/* the kernel reads a's rows with k contiguous: copy a otherwise (as matmul's reshape does) */
	if (ta->dtype == DT_FLOAT && as1 != 1 && K > 1) {
		if ((ca = pyt_contig(s, a)) == NULL) {
			py_decref(y);
			return NULL;
		}
		ta = &ca->u.t;
		as1 = 1;
		as0 = na >= 2 ? ta->stride[na - 2] : 0;
		for (d = 0; d < nbatch; d++) {
			int da = d - (nbatch - (na > 2 ? na - 2 : 0));

			if (as[d] != 0 && da >= 0)
				as[d] = ta->stride[da];
		}
	}
	if (M == 1)
		as0 = K;	/* any lda: one row */
	if (ta->dtype == DT_FLOAT) {
		/*
		 * The batch as few kernel calls as possible: batch dims that
		 * step evenly merge into one; a batch of a against one b whose
		 * rows follow each other becomes more rows of one product.
		 */
		int mb = 0, bsh[TENSOR_MAXDIM];
		long long mas[TENSOR_MAXDIM], mbs[TENSOR_MAXDIM];
		size_t outer = 1, inner = 1;

		for (d = 0; d < nbatch; d++) {
			if (mb > 0 && mas[mb - 1] == as[d] * bshape[d] && mbs[mb - 1] == bs[d] * bshape[d]) {
				bsh[mb - 1] *= bshape[d];
				mas[mb - 1] = as[d];
				mbs[mb - 1] = bs[d];
				continue;
			}
			bsh[mb] = bshape[d];
			mas[mb] = as[d];
			mbs[mb++] = bs[d];
		}
		if (mb > 0)
			inner = (size_t)bsh[mb - 1];
		outer = inner ? items / inner : 0;
		if (mb == 1 && mbs[0] == 0 && mas[0] == (long long)M * (as0 > 0 ? as0 : K) && inner > 0 && M > 0) {
			mm_item(pyt_data(&y->u.t), (const float *)ta->st->data + ta->offset, (size_t)(as0 > 0 ? as0 : K),
			    (const float *)tb->st->data + tb->offset, bs0, bs1, (int)(M * inner), N, K);
		} else {
			for (it = 0; it < outer; it++) {
				long long oa = ta->offset, ob = tb->offset;
				size_t q = it;

				for (d = mb - 2; d >= 0; d--) {
					oa += (long long)(q % (size_t)bsh[d]) * mas[d];
					ob += (long long)(q % (size_t)bsh[d]) * mbs[d];
					q /= (size_t)bsh[d];
				}
				tensor_mm_strided(pyt_data(&y->u.t) + it * inner * (size_t)M * N,
				    (const float *)ta->st->data + oa, (size_t)(as0 > 0 ? as0 : K),
				    (const float *)tb->st->data + ob, (size_t)bs0, (size_t)bs1, (int)inner, M, N, K,
				    (size_t)(mb > 0 ? mas[mb - 1] : 0), (size_t)(mb > 0 ? mbs[mb - 1] : 0));
			}
		}
	} else {
		for (it = 0; it < items; it++) {
			long long oa = ta->offset, ob = tb->offset;
			size_t q = it;

			for (d = nbatch - 1; d >= 0; d--) {
				oa += (long long)(q % (size_t)bshape[d]) * as[d];
				ob += (long long)(q % (size_t)bshape[d]) * bs[d];
				q /= (size_t)bshape[d];
			}
			mm_int((char *)y->u.t.st->data + it * (size_t)M * N * dtype_size(ta->dtype), ta, tb, oa, ob, M, N, K,
			    as0, as1, bs0, bs1);
		}
	}
	py_decref(ca);
	/* the grad_fn of the path matmul takes (probed on torch 1.13) */
	if (na == 1 && nb == 1)
		grad = "DotBackward0";
	else if (na == 2 && nb == 1)
		grad = "MvBackward0";
	else if (na == 1 && nb == 2)
		grad = "SqueezeBackward3";
	else if (na == 2 && nb == 2)
		grad = "MmBackward0";
	else if (na == 2 && nb == 3 && tb->stride[2] != 1 && tb->stride[0] == (long long)tb->shape[1] * tb->shape[2])
		grad = "UnsafeViewBackward0";	/* not folded (should_fold): bmm on a expanded, then _unsafe_view */
	else if (na == 2 && nb >= 3) {	/* b.mT @ a.mT, then .mT.contiguous(): a copy unless M or N is 1 (or 0) */
		grad = "CloneBackward0";
		if (M <= 1 || N <= 1) {
			long long st[TENSOR_MAXDIM], acc = 1;
			struct pyobj *l;
			int nd_y = y->u.t.ndim;

			/* res_T (batch, N, M) contiguous, then transposed: the strides of the view PyTorch returns */
			st[nd_y - 1] = 1;			/* M's in res_T */
			acc = M > 1 ? M : 1;
			st[nd_y - 2] = acc;			/* N's */
			acc *= N > 1 ? N : 1;
			for (d = nd_y - 3; d >= 0; d--) {
				st[d] = acc;
				acc *= y->u.t.shape[d] > 1 ? y->u.t.shape[d] : 1;
			}
			{	/* as the view (…, M, N): M's stride 1, N's stride M */
				long long t = st[nd_y - 1];

				st[nd_y - 1] = st[nd_y - 2];
				st[nd_y - 2] = t;
			}
			if ((l = new_tensor(s, y->u.t.dtype, nd_y, y->u.t.shape, st)) != NULL) {
				pyt_write(&l->u.t, &y->u.t);
				py_decref(y);
				y = l;
			}
			grad = "TransposeBackward0";
		}
	} else
		grad = "UnsafeViewBackward0";
	y->deps = a->deps | b->deps;
	pyt_set_grad(y, grad, pyt_grad(a) || pyt_grad(b));
	return y;
}

/* F.linear(x, w, b): x (..., in) @ w.T + b, bias added to each finished sum (the stages' tensor_linear) */
struct pyobj *
op_linear(struct py_session *s, struct pyobj *x, struct pyobj *w, struct pyobj *b)
{
	const struct pytensor *t = &x->u.t;
	int in = w->u.t.shape[1], out = w->u.t.shape[0], shape[TENSOR_MAXDIM], d, M;
	struct pyobj *cx, *cw, *cb = NULL, *y;
	const char *grad;

	if (t->ndim == 0)
		return py_fail(s, "both arguments to linear need to be at least 1D, but they are 0D and 2D");
	if (t->dtype != DT_FLOAT && b != NULL && t->ndim >= 2)	/* addmm: its dtype check comes first */
		return py_fail(s, "mat1 and mat2 must have the same dtype");
	if (t->shape[t->ndim - 1] != in) {
		size_t rows = t->numel / (size_t)(t->shape[t->ndim - 1] ? t->shape[t->ndim - 1] : 1);

		if (t->ndim == 1)
			return py_fail(s, "mat1 and mat2 shapes cannot be multiplied (1x%d and %dx%d)", t->shape[0], in, out);
		return py_fail(s, "mat1 and mat2 shapes cannot be multiplied (%zux%d and %dx%d)", rows,
		    t->shape[t->ndim - 1], in, out);
	}
	if (t->dtype != DT_FLOAT) {	/* after the shapes: mm's or matmul's check */
		if (t->dtype == DT_BOOL)
			return py_fail(s, "\"addmm_impl_cpu_\" not implemented for 'Bool'");
		return py_fail(s, "expected scalar type %s but found Float", cat_name[t->dtype]);
	}
	for (d = 0; d < t->ndim - 1; d++)
		shape[d] = t->shape[d];
	shape[t->ndim - 1] = out;
	if ((y = new_result(s, DT_FLOAT, t->ndim, shape, NULL)) == NULL)
		return NULL;
	if ((cx = pyt_contig(s, x)) == NULL || (cw = pyt_contig(s, w)) == NULL ||
	    (b != NULL && (cb = pyt_contig(s, b)) == NULL)) {
		py_decref(y);
		py_decref(cx);
		return NULL;
	}
	M = (int)(t->numel / (size_t)(in ? in : 1));
	if (in == 0)
		M = (int)(y->u.t.numel / (size_t)(out ? out : 1));
	tensor_linear(pyt_data(&y->u.t), pyt_data(&cx->u.t), pyt_data(&cw->u.t),
	    cb ? pyt_data(&cb->u.t) : NULL, M, out, in, 1);
	if (t->ndim == 1)
		grad = b ? "AddBackward0" : "SqueezeBackward3";
	else if (t->ndim == 2)
		grad = b ? "AddmmBackward0" : "MmBackward0";
	else if (t->ndim == 3 && b && pyt_is_contiguous(t))
		grad = "ViewBackward0";
	else
		grad = b ? "AddBackward0" : "UnsafeViewBackward0";
	y->deps = x->deps | w->deps | (b ? b->deps : 0);
	pyt_set_grad(y, grad, pyt_grad(x) || pyt_grad(w) || pyt_grad(b));
	py_decref(cx);
	py_decref(cw);
	py_decref(cb);
	return y;
}

/* nn.Dropout(p)(x) in training mode, drawing from the session's generator */
struct pyobj *
op_dropout(struct py_session *s, struct pyobj *x, double p)
{
	struct pyobj *c, *y;

	/* p is in [0, 1]: nn.Dropout and F.dropout checked it */
	if (x->u.t.dtype != DT_FLOAT)
		return py_fail(s, "result type Float can't be cast to the desired output type %s", cat_name[x->u.t.dtype]);
	if (p == 0 || x->u.t.numel == 0) {	/* the input itself */
		py_incref(x);
		return x;
	}
	if ((c = pyt_contig(s, x)) == NULL)
		return NULL;
	if ((y = new_result(s, DT_FLOAT, x->u.t.ndim, x->u.t.shape, NULL)) == NULL) {
		py_decref(c);
		return NULL;
	}
	rng_dropout(&s->rng, pyt_data(&y->u.t), pyt_data(&c->u.t), c->u.t.numel, p, 0);
	py_decref(c);
	y->deps = x->deps;
	pyt_set_grad(y, "MulBackward0", pyt_grad(x));
	return y;
}

/* ---- Python data in and out ---- */

struct shape_walk {
	int nd, shape[TENSOR_MAXDIM];
	int kind;		/* 0 bool, 1 int, 2 float: the widest met */
	size_t n;
};

/* the shape and kind of nested lists of numbers; -1 after an error */
static int
walk_data(struct py_session *s, const struct pyobj *o, int depth, struct shape_walk *w)
{
	int i;

	if (o->type == PY_LIST || o->type == PY_TUPLE || o->type == PY_SIZE) {
		if (depth >= TENSOR_MAXDIM) {
			py_fail(s, "at most %d dimensions are supported", TENSOR_MAXDIM);
			return -1;
		}
		if (depth >= w->nd) {
			if (w->n > 0) {	/* numbers met before at a shallower depth */
				py_fail(s, "expected sequence of length %d at dim %d (got a sequence)", w->shape[depth - 1], depth - 1);
				return -1;
			}
			w->nd = depth + 1;
			w->shape[depth] = o->u.seq.n;
		} else if (w->shape[depth] != o->u.seq.n) {
			py_fail(s, "expected sequence of length %d at dim %d (got %d)", w->shape[depth], depth, o->u.seq.n);
			return -1;
		}
		for (i = 0; i < o->u.seq.n; i++)
			if (walk_data(s, o->u.seq.v[i], depth + 1, w) != 0)
				return -1;
		return 0;
	}
	if (depth < w->nd) {
		py_fail(s, "expected sequence of length %d at dim %d (got %s)", w->shape[depth], depth,
		    o->type == PY_TENSOR ? "a tensor" : py_type_name(o));
		return -1;
	}
	if (o->type == PY_TENSOR) {
		if (o->u.t.numel != 1 || o->u.t.ndim != 0) {
			py_fail(s, "only one element tensors can be converted to Python scalars");
			return -1;
		}
		w->kind = w->kind > rank(o->u.t.dtype) ? w->kind : rank(o->u.t.dtype);
	} else if (py_is_number(o)) {
		int k = o->type == PY_BOOL ? 0 : o->type == PY_INT ? 1 : 2;

		w->kind = w->kind > k ? w->kind : k;
	} else {
		py_fail(s, "new(): invalid data type '%s'", py_type_name(o));
		return -1;
	}
	w->nd = depth;
	w->n++;
	return 0;
}

static void
fill_data(const struct pyobj *o, struct pytensor *t, size_t *i)
{
	int k;
	double v;

	if (o->type == PY_LIST || o->type == PY_TUPLE || o->type == PY_SIZE) {
		for (k = 0; k < o->u.seq.n; k++)
			fill_data(o->u.seq.v[k], t, i);
		return;
	}
	if (t->dtype == DT_INT64) {
		((long long *)t->st->data)[(*i)++] = o->type == PY_TENSOR ? (o->u.t.dtype == DT_FLOAT ? (long long)pyt_get(&o->u.t, 0) : pyt_geti(&o->u.t, 0)) : o->u.i;
		return;
	}
	v = o->type == PY_TENSOR ? pyt_get(&o->u.t, 0) : o->type == PY_FLOAT ? o->u.f : (double)o->u.i;
	if (t->dtype == DT_FLOAT)
		((float *)t->st->data)[(*i)++] = (float)v;	/* double -> float32, rounded to nearest */
	else
		((unsigned char *)t->st->data)[(*i)++] = v != 0;
}

struct pyobj *
op_from_data(struct py_session *s, struct pyobj *data, int dtype)
{
	struct shape_walk w;
	struct pyobj *y, *tmp;
	size_t i = 0;

	memset(&w, 0, sizeof w);
	w.nd = -1;
	if (data->type == PY_LIST || data->type == PY_TUPLE || data->type == PY_SIZE) {
		w.nd = 0;
		if (walk_data(s, data, 0, &w) != 0)
			return NULL;
	} else {
		w.nd = 0;
		if (walk_data(s, data, 0, &w) != 0)
			return NULL;
	}
	if (w.n == 0 && w.nd == 0)
		w.kind = 2;
	if (w.n == 0)	/* [] and [[]]: float32 by default */
		w.kind = 2;
	tmp = pyt_empty(w.kind == 0 ? DT_BOOL : w.kind == 1 ? DT_INT64 : DT_FLOAT, w.nd, w.shape);
	if (tmp == NULL)
		return py_fail(s, TOO_BIG, py_max_numel);
	fill_data(data, &tmp->u.t, &i);
	tmp->deps = data->deps;
	if (dtype < 0 || dtype == tmp->u.t.dtype)
		return tmp;
	y = op_to(s, tmp, dtype);
	py_decref(tmp);
	return y;
}

static struct pyobj *
scalar_of(const struct pytensor *t, size_t i)
{
	switch (t->dtype) {
	case DT_FLOAT: return py_float(pyt_get(t, i));
	case DT_INT64: return py_int(pyt_geti(t, i));
	default: return py_bool(pyt_get(t, i) != 0);
	}
}

static struct pyobj *
tolist_at(const struct pytensor *t, int dim, size_t *i)
{
	struct pyobj *l;
	int k;

	if (dim == t->ndim)
		return scalar_of(t, (*i)++);
	l = py_seq(PY_LIST, t->shape[dim]);
	for (k = 0; k < t->shape[dim]; k++)
		l->u.seq.v[k] = tolist_at(t, dim + 1, i);
	return l;
}

struct pyobj *
op_tolist(struct py_session *s, struct pyobj *x)
{
	size_t i = 0;
	struct pyobj *l;

	(void)s;
	l = tolist_at(&x->u.t, 0, &i);
	l->deps = x->deps;
	return l;
}

struct pyobj *
op_item(struct py_session *s, struct pyobj *x)
{
	struct pyobj *v;

	if (x->u.t.numel != 1)
		return py_fail(s, "only one element tensors can be converted to Python scalars");	/* ValueError in 1.13 */
	v = scalar_of(&x->u.t, 0);
	v->deps = x->deps;
	return v;
}

int
op_truth(struct py_session *s, struct pyobj *o, int *out)
{
	switch (o->type) {
	case PY_NONE: *out = 0; return 0;
	case PY_BOOL: case PY_INT: *out = o->u.i != 0; return 0;
	case PY_FLOAT: *out = o->u.f != 0; return 0;
	case PY_STR: *out = o->u.str.len > 0; return 0;
	case PY_TUPLE: case PY_LIST: case PY_SIZE: *out = o->u.seq.n > 0; return 0;
	case PY_TENSOR:
		if (o->u.t.numel == 0) {
			py_fail(s, "Boolean value of Tensor with no values is ambiguous");
			return -1;
		}
		if (o->u.t.numel > 1) {
			py_fail(s, "Boolean value of Tensor with more than one value is ambiguous");
			return -1;
		}
		*out = pyt_get(&o->u.t, 0) != 0;
		return 0;
	default:
		*out = 1;
		return 0;
	}
}
