/*
 * pyops.c - tensor operations with PyTorch 1.13's semantics: dtype
 * promotion, broadcasting, element-wise arithmetic (a op b, a op= b),
 * reductions, max/min, element-wise functions, softmax, masked_fill,
 * tril/triu, cat/stack, allclose/equal and dropout; each result with the
 * grad_fn autograd would give it, each error with PyTorch's message.  The
 * arithmetic is tensor.c's (the stages' kernels), on float32 views.  Views
 * and indexing are pyview.c's, products pymatmul.c's.
 */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pyint.h"

#define TOO_BIG "the result is too large (more than %zu elements)"

/* ---- results, layouts, conversions ---- */

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
	if ((y = pyt_zeros(s, DT_FLOAT, x->u.t.ndim, x->u.t.shape, NULL)) == NULL)
		return NULL;
	for (i = 0; i < x->u.t.numel; i++)
		((float *)y->u.t.st->data)[i] = (float)pyt_get(&x->u.t, i);
	return y;
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

static int
promote(int a, int b)
{
	return dtype_rank(a) >= dtype_rank(b) ? a : b;
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

	if ((y = pyt_zeros(s, is_cmp ? DT_BOOL : dtype, nd, shape, NULL)) == NULL)
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
	int dtype = a->u.t.dtype;	/* float32 or float64: the kernels dispatch on the views */
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
	if ((y = pyt_result(s, is_cmp ? DT_BOOL : dtype, nd, shape, layout)) == NULL)
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

static const char *const op_sym[] = { "+", "-", "*", "/", "//", "%", "**", "&", "|", "^",
	"==", "!=", "<", "<=", ">", ">=" };

/*
 * kernel(x) in float32 (integers converted first), laid out as
 * TensorIterator lays out x (like_x) or its float32 copy
 */
static struct pyobj *
unary_kernel(struct py_session *s, struct pyobj *x, int kernel, int like_x)
{
	struct pyobj *f, *y;
	struct tensor_view v;
	int dtype = x->u.t.dtype == DT_DOUBLE ? DT_DOUBLE : DT_FLOAT;

	if ((f = pyt_as_dtype(s, x, dtype)) == NULL)
		return NULL;
	if ((y = op_unary_out(s, f, like_x ? x : f, &v)) != NULL)
		tensor_unary_view(y->u.t.st->data, &v, kernel);
	py_decref(f);
	return y;
}

struct pyobj *
op_unary_out(struct py_session *s, struct pyobj *x, struct pyobj *like, struct tensor_view *v)
{
	long long layout[TENSOR_MAXDIM];
	int perm[TENSOR_MAXDIM];
	struct pyobj *y;

	pyt_view(v, &x->u.t);
	out_layout(layout, v->ndim, v->shape, &like, v, 1);
	if ((y = pyt_result(s, x->u.t.dtype, v->ndim, v->shape, layout)) != NULL) {
		layout_perm(&y->u.t, perm);
		permute_view(v, perm);
	}
	return y;
}

/* n / x: x.reciprocal() * n */
static struct pyobj *
binary_rdiv(struct py_session *s, struct pyobj *a, struct pyobj *b)
{
	struct pyobj *r, *y;

	if ((r = unary_kernel(s, b, TENSOR_RECIP, 0)) == NULL)
		return NULL;
	pyt_set_grad(r, "ReciprocalBackward0", pyt_grad(b));
	y = op_binary(s, B_MUL, r, a);
	py_decref(r);
	return y;
}

/*
 * The result's dtype, after the operator's own checks (sub_check, the
 * bitwise kernels); b ** n of a float32 b: the scalar exponent in *expo.
 * -1 after the error.
 */
static int
binary_dtype(struct py_session *s, int op, const struct pyobj *a, const struct pyobj *b, int *dtype, int *scalar_pow,
    double *expo)
{
	*dtype = f64_result_type(a, b);
	switch (op) {
	case B_DIV:
		if (*dtype != DT_DOUBLE)
			*dtype = DT_FLOAT;
		break;
	case B_AND: case B_OR: case B_XOR:
		if (*dtype == DT_FLOAT || *dtype == DT_DOUBLE) {
			py_fail(s, "\"bitwise_%s_cpu\" not implemented for '%s'",
			    op == B_AND ? "and" : op == B_OR ? "or" : "xor", pyt_cat_name[*dtype]);
			return -1;
		}
		break;
	case B_POW:
		if (b->type != PY_TENSOR && (*dtype == DT_FLOAT || *dtype == DT_DOUBLE)) {	/* torch.pow(tensor, number) */
			*scalar_pow = 1;
			*expo = b->type == PY_FLOAT ? b->u.f : (double)b->u.i;
		}
		break;
	case B_FLOORDIV: case B_MOD:
		if (*dtype == DT_BOOL)
			*dtype = DT_INT64;
		break;
	}
	return 0;
}

/* a op b on integers or bools (bool + bool: computed as ints, stored as bool), laid out as TensorIterator would */
static struct pyobj *
binary_int(struct py_session *s, int op, struct pyobj *ta, struct pyobj *tb, const struct pyobj *b, int dtype,
    int nd, const int *shape)
{
	struct pyobj *ins[2], *y, *l;
	struct tensor_view bvs[2];
	long long layout[TENSOR_MAXDIM], cont[TENSOR_MAXDIM];

	if (op == B_POW && ta->u.t.dtype == DT_BOOL && tb->u.t.dtype == DT_BOOL)
		return py_fail(s, "\"pow\" not implemented for 'Bool'");
	if (op == B_POW && dtype == DT_BOOL)
		dtype = DT_INT64;
	if (op == B_POW && b->type != PY_TENSOR && py_is_int(b) && b->u.i < 0)	/* pow(Tensor, Scalar) only */
		return py_fail(s, "Integers to negative integer powers are not allowed.");
	if ((y = int_binary(s, op, &ta->u.t, &tb->u.t, dtype, nd, shape)) == NULL)
		return NULL;
	ins[0] = ta;
	ins[1] = tb;
	pyt_bcast_view(&bvs[0], &ta->u.t, nd, shape);
	pyt_bcast_view(&bvs[1], &tb->u.t, nd, shape);
	out_layout(layout, nd, shape, ins, bvs, 2);
	pyt_contiguous_strides(cont, nd, shape);
	if (memcmp(layout, cont, (size_t)nd * sizeof *cont) != 0 &&
	    (l = pyt_zeros(s, y->u.t.dtype, nd, shape, layout)) != NULL) {
		pyt_write(&l->u.t, &y->u.t);
		py_decref(y);
		y = l;
	}
	return y;
}

/* the grad_fn of a op b (rev: the tensor came second) */
static void
binary_grad(struct pyobj *y, int op, const struct pyobj *a, const struct pyobj *b, int scalar_pow)
{
	const char *g = grad_names[op];
	int rev = a->type != PY_TENSOR;

	if (op == B_SUB && rev)
		g = "RsubBackward1";
	else if (op == B_MOD && b->type != PY_TENSOR)
		g = "RemainderBackward0";
	else if (op == B_MOD && rev)
		g = "NotImplemented";
	else if (op == B_POW && scalar_pow)
		g = "PowBackward0";
	pyt_set_grad(y, g, (pyt_grad(a) || pyt_grad(b)) && (y->u.t.dtype == DT_FLOAT || y->u.t.dtype == DT_DOUBLE));
}

/* sub_check: no bool operand, before any other check */
static int
binary_sub_check(struct py_session *s, const struct pytensor *ta, const struct pytensor *tb)
{
	if (ta->dtype == DT_BOOL && tb->dtype == DT_BOOL)
		py_fail(s, "Subtraction, the `-` operator, with two bool tensors is not supported. "
		    "Use the `^` or `logical_xor()` operator instead.");
	else if (ta->dtype == DT_BOOL || tb->dtype == DT_BOOL)
		py_fail(s, "Subtraction, the `-` operator, with a bool tensor is not supported. "
		    "If you are trying to invert a mask, use the `~` or `logical_not()` operator instead.");
	else
		return 0;
	return -1;
}

/*
 * a op b, one of them a tensor; rev: the tensor came second (2 - x),
 * which some operators compute their own way (Tensor.__rtruediv__ is
 * reciprocal() * 2, __rsub__ is rsub).
 */
struct pyobj *
op_binary(struct py_session *s, int op, struct pyobj *a, struct pyobj *b)
{
	struct pyobj *ta, *tb, *y = NULL, *fa = NULL, *fb = NULL;
	int nd, shape[TENSOR_MAXDIM], dtype, is_cmp = op >= B_EQ, scalar_pow = 0;
	double expo = 0;

	if ((a->type != PY_TENSOR && !py_is_number(a)) || (b->type != PY_TENSOR && !py_is_number(b))) {
		if (op >= B_EQ && op <= B_NE)	/* x == None: Python compares identities */
			return py_bool(op == B_NE);
		return py_fail(s, "unsupported operand type(s) for %s: '%s' and '%s'", op_sym[op],
		    py_type_name(a), py_type_name(b));
	}
	if (a->type != PY_TENSOR && op == B_DIV)
		return binary_rdiv(s, a, b);
	ta = pyt_operand(s, a);
	tb = pyt_operand(s, b);
	if ((op == B_SUB && binary_sub_check(s, &ta->u.t, &tb->u.t) != 0) ||
	    broadcast(s, &ta->u.t, &tb->u.t, &nd, shape) != 0 ||
	    binary_dtype(s, op, a, b, &dtype, &scalar_pow, &expo) != 0)
		goto out;
	if (dtype == DT_DOUBLE) {	/* numbers exactly, as the double a wrapped number is */
		if ((fa = pyt_as_dtype(s, a, dtype)) == NULL || (fb = pyt_as_dtype(s, b, dtype)) == NULL)
			goto out;
		y = float_binary(s, op, fa, fb, nd, shape, scalar_pow, expo);
	} else if (dtype == DT_FLOAT || (is_cmp && (ta->u.t.dtype == DT_FLOAT || tb->u.t.dtype == DT_FLOAT))) {
		if ((fa = as_float(s, ta)) == NULL || (fb = as_float(s, tb)) == NULL)
			goto out;
		y = float_binary(s, op, fa, fb, nd, shape, scalar_pow, expo);
	} else {
		y = binary_int(s, op, ta, tb, b, dtype, nd, shape);
	}
	if (y != NULL && !is_cmp)
		binary_grad(y, op, a, b, scalar_pow);
out:
	py_decref(ta);
	py_decref(tb);
	py_decref(fa);
	py_decref(fb);
	return y;
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
	dtype = f64_result_type(a, b);
	if (op == B_DIV && dtype != DT_DOUBLE)
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
	if (dtype_rank(dtype) > dtype_rank(a->u.t.dtype) && !(dtype == DT_DOUBLE && a->u.t.dtype == DT_FLOAT)) {
		py_decref(tb);
		return py_fail(s, "result type %s can't be cast to the desired output type %s",
		    pyt_cat_name[dtype], pyt_cat_name[a->u.t.dtype]);
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
		if ((y = pyt_result(s, a->u.t.dtype, v.ndim, v.shape, layout)) == NULL)
			return NULL;
		layout_perm(&y->u.t, perm);
		permute_view(&v, perm);
		tensor_unary_view(y->u.t.st->data, &v, TENSOR_NEG);
		pyt_set_grad(y, "NegBackward0", pyt_grad(a));
		return y;
	}
}

struct pyobj *
op_invert(struct py_session *s, struct pyobj *a)
{
	struct pyobj *y;
	size_t i;

	if (a->u.t.dtype == DT_FLOAT || a->u.t.dtype == DT_DOUBLE)
		return py_fail(s, "TypeError: ~ (operator.invert) is only implemented on integer and Boolean-type tensors");
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
	static const char *const names[4][2] = {
		{ "SumBackward0", "SumBackward1" }, { "MeanBackward0", "MeanBackward1" },
		{ "VarBackward0", "VarBackward0" }, { "StdBackward0", "StdBackward0" },
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
	if (t->dtype == DT_DOUBLE) {
		dtype = DT_DOUBLE;
	} else if (t->dtype != DT_FLOAT) {
		if (op == R_MEAN)
			return py_fail(s, "mean(): could not infer output dtype. Input dtype must be either a floating point "
			    "or complex dtype. Got: %s", pyt_cat_name[t->dtype]);
		if (op == R_VAR || op == R_STD)
			return py_fail(s, "std and var only support floating point and complex dtypes");
		dtype = DT_INT64;
	}
	if ((y = dtype != DT_INT64 ? pyt_result(s, dtype, nd, shape, NULL) : pyt_zeros(s, dtype, nd, shape, NULL)) == NULL)
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
	if (op == R_VAR || op == R_STD) {
		(op == R_STD ? tensor_std_view : tensor_var_view)(y->u.t.st->data, &v, dims, keepdim, correction);
	} else {
		tensor_sum_view(y->u.t.st->data, &v, dims, keepdim);
		if (op == R_MEAN && dtype == DT_DOUBLE)
			for (i = 0; i < y->u.t.numel; i++)
				((double *)y->u.t.st->data)[i] /= (double)count;
		else if (op == R_MEAN)	/* sum(...).div_(count) */
			for (i = 0; i < y->u.t.numel; i++)
				pyt_data(&y->u.t)[i] /= (float)count;
	}
	return pyt_derived(y, x, names[op][has_dims]);
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
 * max_all's parallel_reduce: one max_all per thread's chunk, combined from
 * -inf (+inf) with std::max (std::min): of equal zeros the earlier chunk's.
 */
static double
max_all_chunks(const void *x, int f64, size_t n, int is_min)
{
	long long nc, c = tensor_split((long long)n, TENSOR_GRAIN, &nc), t;
	double r = is_min ? INFINITY : -INFINITY, p;

	for (t = 0; t < nc; t++) {
		size_t lo = (size_t)(t * c), len = (size_t)(t * c + c) < n ? (size_t)c : n - lo;

		p = f64 ? tensor_max_all64((const double *)x + lo, len, is_min) : max_all_f32((const float *)x + lo, len, is_min);
		r = nc == 1 ? p : isnan(r) || isnan(p) ? NAN : (is_min ? p < r : r < p) ? p : r;
	}
	return r;
}

/* the index of the first largest (is_min: smallest) of n elements from base, st apart; NaN wins */
static size_t
max_find(const struct pytensor *c, size_t base, size_t st, size_t n, int is_min)
{
	size_t i, best = 0;
	double bv = pyt_get(c, base);

	if (c->dtype == DT_INT64) {	/* exactly: a double holds 53 bits */
		long long bi = pyt_geti(c, base);

		for (i = 0; i < n && !((i & 0xfffff) == 0 && interrupt_pending); i++) {
			long long v = pyt_geti(c, base + i * st);

			if (is_min ? v < bi : v > bi) {
				bi = v;
				best = i;
			}
		}
		return best;
	}
	for (i = 0; i < n && !((i & 0xfffff) == 0 && interrupt_pending); i++) {	/* Ctrl-C: dropped */
		double v = pyt_get(c, base + i * st);

		if (is_min ? !(v >= bv) : !(v <= bv)) {
			bv = v;
			best = i;
			if (isnan(v))
				break;
		}
	}
	return best;
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
	size_t outer = 1, inner = 1, n, o, j;
	struct pyobj *vals = NULL, *idx, *c;
	const char *fn = arg ? (is_min ? "argmin" : "argmax") : (is_min ? "min" : "max");
	int zero_dim = dim == -3;

	if (zero_dim)	/* a 0-dim tensor with a dim: one element, still (values, indices) */
		dim = 0;
	if (arg && t->dtype == DT_BOOL && !(dim < 0 && t->numel == 0))	/* ATen has no bool argmax kernel */
		return py_fail(s, "\"%s_cpu\" not implemented for 'Bool'", fn);
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
	if ((idx = pyt_zeros(s, DT_INT64, dim < 0 ? 0 : nd, shape, NULL)) == NULL ||
	    (!arg && (vals = pyt_zeros(s, t->dtype, dim < 0 ? 0 : nd, shape, NULL)) == NULL)) {
		py_decref(c);
		py_decref(idx);
		return NULL;
	}
	for (o = 0; o < (dim < 0 ? 1 : outer); o++)
		for (j = 0; j < (dim < 0 ? 1 : inner); j++) {
			size_t base = dim < 0 ? 0 : o * n * inner + j, st = dim < 0 ? 1 : inner;
			size_t best = max_find(&c->u.t, base, st, n, is_min);

			((long long *)idx->u.t.st->data)[o * inner + j] = (long long)best;
			if (vals != NULL) {
				size_t from = base + best * st, es = dtype_size(t->dtype);

				memcpy((char *)vals->u.t.st->data + (o * inner + j) * es, (char *)c->u.t.st->data + from * es, es);
			}
		}
	if (dim < 0 && vals != NULL && t->dtype == DT_FLOAT)	/* which of equal zeros: the kernel's */
		*(float *)vals->u.t.st->data = (float)max_all_chunks((const float *)c->u.t.st->data + c->u.t.offset, 0, n, is_min);
	else if (dim < 0 && vals != NULL && t->dtype == DT_DOUBLE)
		*(double *)vals->u.t.st->data = max_all_chunks((const double *)c->u.t.st->data + c->u.t.offset, 1, n, is_min);
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
	static const char *const names[] = { "ExpBackward0", "SqrtBackward0", "AbsBackward0", "TanhBackward0",
		"LogBackward0" };
	static const int kernels[] = { TENSOR_EXP, TENSOR_SQRT, TENSOR_ABS, TENSOR_TANH, TENSOR_LOG };
	struct pyobj *y;

	if (op == U_ABS && x->u.t.dtype != DT_FLOAT && x->u.t.dtype != DT_DOUBLE) {	/* abs keeps integers */
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
	if ((y = unary_kernel(s, x, kernels[op], 1)) == NULL)
		return NULL;
	return pyt_derived(y, x, names[op]);
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
		if ((y = pyt_zeros(s, t->dtype, t->ndim, t->shape, NULL)) != NULL)
			pyt_set_grad(y, "SoftmaxBackward0", pyt_grad(x));
		return y;
	}
	if (t->dtype != DT_FLOAT && t->dtype != DT_DOUBLE)	/* the kernel softmax_cpu_out picks: lastdim for the last dim only */
		return py_fail(s, "\"%s\" not implemented for '%s'", dim == t->ndim - 1 || t->ndim == 0 ?
		    "softmax_lastdim_kernel_impl" : "softmax_kernel_impl", pyt_cat_name[t->dtype]);
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
	if ((y = pyt_result(s, t->dtype, t->ndim, t->shape, NULL)) == NULL) {
		py_decref(c);
		return NULL;
	}
	if (t->dtype == DT_DOUBLE)	/* softmax_lastdim_kernel only for the last dim itself, as below */
		tensor_softmax64(y->u.t.st->data, (const double *)c->u.t.st->data + c->u.t.offset, outer, n, inner,
		    dim == t->ndim - 1 || t->ndim == 0);
	else if (t->numel > 0) {
		if (dim == t->ndim - 1 || t->ndim == 0)	/* softmax_lastdim_kernel only for the last dim itself */
			tensor_softmax_rows(pyt_data(&y->u.t), pyt_data(&c->u.t), outer, (int)n);
		else
			tensor_softmax_dim(pyt_data(&y->u.t), pyt_data(&c->u.t), outer, n, inner);
	}
	py_decref(c);
	return pyt_derived(y, x, "SoftmaxBackward0");
}

/*
 * x.masked_fill(mask, value): a bool mask; another dtype 1.13 reads byte
 * by byte (the lowest byte of each element must be 0 or 1), which 2.x
 * refuses.  Out of place, mask and x broadcast together and the result is
 * contiguous; in place, the mask broadcasts to x.
 */
/* masked_fill's checks, autograd's before the kernel's; the value as a double in *v; -1 after the error */
static int
masked_check(struct py_session *s, struct pyobj *x, struct pyobj *mask, struct pyobj *value, int inplace,
    int *nd, int *shape, double *v)
{
	struct pyobj *vt;
	int d;

	if (mask->type != PY_TENSOR)
		return py_fail(s, "masked_fill(): argument 'mask' (position 1) must be Tensor, not %s", py_type_name(mask)), -1;
	if (value->type == PY_TENSOR && value->u.t.ndim != 0)
		return py_fail(s, "masked_fill_ only supports a 0-dimensional value tensor, but got tensor with %d "
		    "dimension(s).", value->u.t.ndim), -1;
	if (value->type != PY_TENSOR && !py_is_number(value))
		return py_fail(s, "masked_fill(): argument 'value' (position 2) must be Number, not %s", py_type_name(value)), -1;
	if ((inplace && pyt_check_inplace(s, x) != 0) ||	/* in place, TensorIterator's order: self, then mask */
	    broadcast(s, inplace ? &x->u.t : &mask->u.t, inplace ? &mask->u.t : &x->u.t, nd, shape) != 0)
		return -1;
	for (d = 0; inplace && d < *nd; d++)
		if (*nd != x->u.t.ndim || shape[d] != x->u.t.shape[d])
			break;
	if (inplace && (d < *nd || *nd != x->u.t.ndim)) {
		char sa[128], sb[128];

		pyt_shape_text(sa, sizeof sa, x->u.t.ndim, x->u.t.shape);
		pyt_shape_text(sb, sizeof sb, *nd, shape);
		return py_fail(s, "output with shape [%s] doesn't match the broadcast shape [%s]", sa, sb), -1;
	}
	vt = pyt_operand(s, value);
	*v = value->type == PY_FLOAT ? value->u.f : pyt_get(&vt->u.t, 0);	/* a float64 x takes the double */
	py_decref(vt);
	if (x->u.t.dtype == DT_INT64 && !pyt_fits_int64(*v))
		return py_fail(s, "value cannot be converted to type int64_t without overflow"), -1;
	return 0;
}

/* the mask's bytes broadcast to (nd, shape), as 1.13's kernel reads them (the lowest); NULL after the error */
static unsigned char *
masked_bits(struct py_session *s, const struct pytensor *m, int nd, const int *shape, size_t n)
{
	struct tensor_view mv;
	size_t es = dtype_size(m->dtype), i;
	unsigned char *bits = xmalloc(n ? n : 1);

	pyt_bcast_view(&mv, m, nd, shape);
	for (i = 0; i < n; i++) {
		bits[i] = ((unsigned char *)m->st->data)[(size_t)pyt_offset(m->offset, i, nd, shape, mv.stride) * es];
		if (m->dtype != DT_BOOL && bits[i] > 1) {
			free(bits);
			return py_fail(s, "Mask tensor can take 0 and 1 values only");
		}
	}
	if (m->dtype != DT_BOOL && !s->warned)
		py_warn(s, "masked_fill: the mask is %s, not torch.bool; PyTorch 1.13 reads only the lowest byte of "
		    "each element (a mask of 1.0 fills nothing), PyTorch 2.x raises an error: use mask.bool()",
		    dtype_name(m->dtype));
	return bits;
}

/* x's values broadcast to (nd, shape), contiguous: the tensor the mask fills */
static struct pyobj *
masked_base(struct py_session *s, struct pyobj *x, int nd, const int *shape, int inplace)
{
	struct tensor_view xv;
	struct pyobj *y;
	size_t i, es = dtype_size(x->u.t.dtype);

	if (inplace)
		return pyt_check_inplace(s, x) != 0 ? NULL : pyt_contig(s, x);
	if ((y = pyt_zeros(s, x->u.t.dtype, nd, shape, NULL)) == NULL)
		return NULL;
	pyt_bcast_view(&xv, &x->u.t, nd, shape);
	for (i = 0; i < y->u.t.numel; i++)
		memcpy((char *)y->u.t.st->data + i * es,
		    (char *)x->u.t.st->data + (size_t)pyt_offset(x->u.t.offset, i, nd, shape, xv.stride) * es, es);
	return y;
}

struct pyobj *
op_masked_fill(struct py_session *s, struct pyobj *x, struct pyobj *mask, struct pyobj *value, int inplace)
{
	struct pyobj *y;
	unsigned char *bits;
	int nd, shape[TENSOR_MAXDIM], d, req;
	size_t i, n = 1;
	double v;

	if (masked_check(s, x, mask, value, inplace, &nd, shape, &v) != 0)
		return NULL;
	for (d = 0; d < nd; d++)
		n *= (size_t)shape[d];
	if ((bits = masked_bits(s, &mask->u.t, nd, shape, n)) == NULL)
		return NULL;
	req = pyt_grad(x) || pyt_grad(value);
	if ((y = masked_base(s, x, nd, shape, inplace)) == NULL) {
		free(bits);
		return NULL;
	}
	for (i = 0; i < n; i++)
		if (bits[i])
			pyt_store(&y->u.t, i, v);
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

/*
 * Legacy cat: 1-d empty tensors are skipped; the first other one sets the
 * rank.  1 when that decided the result (*out, NULL after an error), 0
 * when every input takes part.
 */
static int
cat_skip_empty(struct py_session *s, struct pyobj **v, int n, long long dim_in, int dtype, int req,
    struct pyobj **out)
{
	struct pyobj *sub, *r;
	int first = -1, kept = 0, i, k = 0;

	for (i = 0; i < n; i++)
		if (!(v[i]->u.t.ndim == 1 && v[i]->u.t.shape[0] == 0)) {
			if (first < 0)
				first = i;
			kept++;
		}
	for (i = 0; i < n; i++)
		if (v[i]->u.t.ndim == 0) {
			*out = py_fail(s, "zero-dimensional tensor (at position %d) cannot be concatenated", i);
			return 1;
		}
	if (first < 0) {	/* all empty: an empty 1-d result */
		if ((*out = pyt_zeros(s, dtype, 1, v[0]->u.t.shape, NULL)) != NULL)
			pyt_set_grad(*out, "CatBackward0", req);
		return 1;
	}
	if (kept == n)
		return 0;
	sub = py_seq(PY_TUPLE, kept);	/* the others, without the empty ones */
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
	*out = r;
	return 1;
}

/* stack's shape: the inputs' own, equal, with n at dim; -1 after the error */
static int
cat_stack_shape(struct py_session *s, struct pyobj **v, int n, long long dim_in, int *nd, int *shape, int *dim)
{
	int i, d, k = *nd;

	if (k + 1 > TENSOR_MAXDIM) {
		py_fail(s, "at most %d dimensions are supported", TENSOR_MAXDIM);
		return -1;
	}
	if (py_wrap_dim(s, dim_in, k + 1, dim) != 0)
		return -1;
	for (i = 1; i < n; i++) {
		int same = v[i]->u.t.ndim == k;

		for (d = 0; same && d < k; d++)
			same = v[i]->u.t.shape[d] == v[0]->u.t.shape[d];
		if (!same) {
			char a[128], b[128];

			pyt_shape_text(a, sizeof a, k, v[0]->u.t.shape);
			pyt_shape_text(b, sizeof b, v[i]->u.t.ndim, v[i]->u.t.shape);
			py_fail(s, "stack expects each tensor to be equal size, but got [%s] at entry 0 and [%s] "
			    "at entry %d", a, b, i);
			return -1;
		}
	}
	for (d = 0, i = 0; d <= k; d++)
		shape[d] = d == *dim ? n : v[0]->u.t.shape[i++];
	*nd = k + 1;
	return 0;
}

/* cat's shape: the inputs' sizes along dim added, the others equal; -1 after the error */
static int
cat_shape(struct py_session *s, struct pyobj **v, int n, long long dim_in, int nd, int *shape, int *dim)
{
	int i, d;

	if (py_wrap_dim(s, dim_in, nd, dim) != 0)
		return -1;
	for (d = 0; d < nd; d++)
		shape[d] = v[0]->u.t.shape[d];
	shape[*dim] = 0;
	for (i = 0; i < n; i++) {
		if (v[i]->u.t.ndim != nd) {
			py_fail(s, "Tensors must have same number of dimensions: got %d and %d", nd, v[i]->u.t.ndim);
			return -1;
		}
		for (d = 0; d < nd; d++)
			if (d != *dim && v[i]->u.t.shape[d] != v[0]->u.t.shape[d]) {
				py_fail(s, "Sizes of tensors must match except in dimension %d. Expected size %d but "
				    "got size %d for tensor number %d in the list.", *dim, v[0]->u.t.shape[d],
				    v[i]->u.t.shape[d], i);
				return -1;
			}
		shape[*dim] += v[i]->u.t.shape[*dim];
	}
	return 0;
}

/* compute_output_memory_format: one suggested format for all inputs (stack: each unsqueezed at dim), or 0 */
static int
cat_format(struct pyobj **v, int n, int nd, int dim, int stack)
{
	int i, fmt = 0;

	for (i = 0; i < n; i++) {
		const struct pytensor *t = &v[i]->u.t;
		int f, k, j = 0, us[TENSOR_MAXDIM];
		long long ust[TENSOR_MAXDIM];

		if (stack) {
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
	return fmt;
}

/* each input's slab per index before dim, one after the other, into the contiguous y; -1 after an error */
static int
cat_copy(struct py_session *s, struct pyobj **v, int n, struct pyobj *y, int dim)
{
	size_t outer = 1, off = 0, es = dtype_size(y->u.t.dtype), chunk, o;
	struct pyobj *f, *c;
	int i, d;

	for (d = 0; d < dim; d++)
		outer *= (size_t)y->u.t.shape[d];
	for (i = 0; i < n; i++) {
		f = op_to(s, v[i], y->u.t.dtype);
		if (f == NULL || (c = pyt_contig(s, f)) == NULL) {
			py_decref(f);
			return -1;
		}
		py_decref(f);
		chunk = outer ? c->u.t.numel / outer : 0;
		for (o = 0; o < outer; o++)
			memcpy((char *)y->u.t.st->data + (o * (y->u.t.numel / (outer ? outer : 1)) + off) * es,
			    (char *)c->u.t.st->data + o * chunk * es, chunk * es);
		off += chunk;
		y->deps |= v[i]->deps;
		py_decref(c);
	}
	return 0;
}

/* torch.cat(seq, dim) / torch.stack(seq, dim) */
struct pyobj *
op_cat(struct py_session *s, struct pyobj *seq, long long dim_in, int stack)
{
	struct pyobj **v, *y, *r;
	int n, i, dim, nd, shape[TENSOR_MAXDIM], dtype, req = 0, fmt;
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
	if (!stack && cat_skip_empty(s, v, n, dim_in, dtype, req, &r))
		return r;
	if (stack ? cat_stack_shape(s, v, n, dim_in, &nd, shape, &dim) : cat_shape(s, v, n, dim_in, nd, shape, &dim))
		return NULL;
	fmt = cat_format(v, n, nd, dim, stack);
	if ((y = pyt_zeros(s, dtype, nd, shape, NULL)) == NULL)
		return NULL;
	if (cat_copy(s, v, n, y, dim) != 0) {
		py_decref(y);
		return NULL;
	}
	if (fmt != 0) {	/* the values laid out channels-last */
		long long st[TENSOR_MAXDIM];

		pyt_channels_last_strides(nd, shape, st);
		if ((r = pyt_zeros(s, dtype, nd, shape, st)) == NULL) {
			py_decref(y);
			return NULL;
		}
		pyt_write(&r->u.t, &y->u.t);
		r->deps = y->deps;
		py_decref(y);
		y = r;
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
		py_fail(s, "%s did not match %s", pyt_cat_name[a->u.t.dtype], pyt_cat_name[b->u.t.dtype]);
		return -1;
	}
	if (broadcast(s, &a->u.t, &b->u.t, &nd, shape) != 0)
		return -1;
	if ((fa = a->u.t.dtype == DT_DOUBLE ? pyt_as_dtype(s, a, DT_DOUBLE) : as_float(s, a)) == NULL)
		return -1;
	if ((fb = b->u.t.dtype == DT_DOUBLE ? pyt_as_dtype(s, b, DT_DOUBLE) : as_float(s, b)) == NULL) {
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
		if (va.data64 != NULL) {	/* isclose in double */
			double x64 = va.data64[oa], y64 = vb.data64[ob], al = atol + fabs(rtol * y64), ac = fabs(x64 - y64);

			*out = x64 == y64 || (isfinite(ac) && ac <= al);
			continue;
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

/* nn.Dropout(p)(x) in training mode, drawing from the session's generator */
struct pyobj *
op_dropout(struct py_session *s, struct pyobj *x, double p)
{
	struct pyobj *c, *y;

	/* p is in [0, 1]: nn.Dropout and F.dropout checked it */
	if (x->u.t.dtype != DT_FLOAT && x->u.t.dtype != DT_DOUBLE)
		return py_fail(s, "result type Float can't be cast to the desired output type %s", pyt_cat_name[x->u.t.dtype]);
	if (p == 0 || x->u.t.numel == 0) {	/* the input itself */
		py_incref(x);
		return x;
	}
	if ((c = pyt_contig(s, x)) == NULL)
		return NULL;
	if ((y = pyt_result(s, x->u.t.dtype, x->u.t.ndim, x->u.t.shape, NULL)) == NULL) {
		py_decref(c);
		return NULL;
	}
	if (x->u.t.dtype == DT_DOUBLE)	/* the same draws; the mask in double */
		rng_dropout64(&s->rng, y->u.t.st->data, c->u.t.st->data, c->u.t.numel, p, 0);
	else
		rng_dropout(&s->rng, pyt_data(&y->u.t), pyt_data(&c->u.t), c->u.t.numel, p, 0);
	py_decref(c);
	return pyt_derived(y, x, "MulBackward0");
}

/* F.dropout(x, p, inplace=True), nn.Dropout(p, inplace=True) in training mode: ATen's
 * _dropout<true>, x itself for p == 0 (or no elements), else the noise drawn as the copy's
 * (op_dropout's values) and then x.mul_(noise): autograd's in-place checks after the draws,
 * the values written into x (a view: through it), grad_fn MulBackward0; x is returned */
struct pyobj *
op_dropout_inplace(struct py_session *s, struct pyobj *x, double p)
{
	struct pyobj *y = op_dropout(s, x, p);
	int req = pyt_grad(x);

	if (y == NULL || y == x)
		return y;
	return pyt_inplace_result(s, x, y, "MulBackward0", req);
}
