/*
 * pyf64.c - float64 in the interpreter (issue 23): the rows that take
 * float64 tensors or dtype=torch.float64 (made, printed, viewed, converted,
 * and the arithmetic the kernels compute in double: they read the dtype
 * from the views they are given; nn.Linear, dropout, pow, norms, masks,
 * item assignment, allclose, einsum since round 6), PyTorch's result_type
 * of two operands, an operand as a tensor of a dtype (a Python number
 * exactly), and the one-line refusal, "float64 is not supported by OP",
 * of every other row rather than compute in float32.
 */
#include <math.h>
#include <string.h>

#include "lib.h"

/* o is a float64 tensor, or a list or tuple holding one (two levels deep) */
int
f64_in(const struct pyobj *o, int depth)
{
	int i;

	if (o == NULL)
		return 0;
	if (o->type == PY_TENSOR)
		return o->u.t.dtype == DT_DOUBLE;
	if (o->type == PY_DTYPE)
		return o->u.i == DT_DOUBLE;
	if ((o->type == PY_LIST || o->type == PY_TUPLE) && depth < 2)
		for (i = 0; i < o->u.seq.n; i++)
			if (f64_in(o->u.seq.v[i], depth + 1))
				return 1;
	return 0;
}

void *
f64_refuse(struct py_session *s, const char *op)
{
	return py_fail(s, "NotImplementedError: float64 is not supported by %s (attn-explain computes float64 only "
	    "where it matches PyTorch bit for bit)", op);
}

/* -1 (the line's error set) when row b may not run on these arguments */
int
f64_check_call(struct py_session *s, const struct builtin *b, const struct pyobj *self, struct pyobj **a, int n)
{
	const char *ns = lib_ns(b);
	char what[96];
	int i, hit = f64_in(self, 0);

	for (i = 0; i < n && !hit; i++)
		hit = f64_in(a[i], 0);
	/* the row says it takes float64 (LIB_F64); Python's builtins all do (print, len, repr, type, float(x)) */
	if (!hit || (b->flags & LIB_F64) || ns[0] == '\0')
		return 0;
	snprintf(what, sizeof what, "%s%s%s()", ns, ns[0] ? "." : "", b->name);
	f64_refuse(s, what);
	return -1;
}

/* ---- float64 arithmetic: the result's dtype, and operands in it ---- */

static int
is_floating(int dt)
{
	return dt == DT_FLOAT || dt == DT_DOUBLE;
}

/* promote_skip_undefined (-1: undefined) */
static int
promote_skip(int a, int b)
{
	if (a < 0)
		return b;
	if (b < 0)
		return a;
	return dtype_rank(a) >= dtype_rank(b) ? a : b;
}

/* c10's combine_categories(higher, lower) */
static int
combine(int higher, int lower)
{
	if (higher >= 0 && is_floating(higher))
		return higher;
	if (higher == DT_BOOL || (lower >= 0 && is_floating(lower)))
		return promote_skip(higher, lower);
	return higher >= 0 ? higher : lower;
}

/*
 * at::result_type(a, b) (ResultTypeState): tensors with dims, 0-dim
 * tensors and Python numbers (a float one as the default float32) each
 * promoted apart, then combined by category: float32 + a 0-dim float64
 * tensor stays float32, an int64 tensor + a 0-dim float64 one is float64,
 * a float64 tensor + 2.5 float64.
 */
int
f64_result_type(const struct pyobj *a, const struct pyobj *b)
{
	const struct pyobj *o[2] = { a, b };
	int dim = -1, zero = -1, wrapped = -1, i;

	for (i = 0; i < 2; i++) {
		if (o[i]->type == PY_TENSOR && o[i]->u.t.ndim > 0)
			dim = promote_skip(dim, o[i]->u.t.dtype);
		else if (o[i]->type == PY_TENSOR)
			zero = promote_skip(zero, o[i]->u.t.dtype);
		else
			wrapped = promote_skip(wrapped, o[i]->type == PY_FLOAT ? DT_FLOAT : o[i]->type == PY_BOOL ?
			    DT_BOOL : DT_INT64);
	}
	return combine(dim, combine(zero, wrapped));
}

/* x (a tensor or a Python number) as a tensor of dtype: x itself when it is one, else a contiguous copy */
struct pyobj *
pyt_as_dtype(struct py_session *s, struct pyobj *x, int dtype)
{
	struct pyobj *y;
	size_t i;

	if (x->type == PY_TENSOR && x->u.t.dtype == dtype) {
		py_incref(x);
		return x;
	}
	if (x->type != PY_TENSOR) {
		y = pyt_empty(dtype, 0, NULL);
		pyt_store(&y->u.t, 0, x->type == PY_FLOAT ? x->u.f : (double)x->u.i);
		return y;
	}
	if ((y = pyt_zeros(s, dtype, x->u.t.ndim, x->u.t.shape, NULL)) == NULL)
		return NULL;
	for (i = 0; i < x->u.t.numel; i++)
		pyt_store(&y->u.t, i, pyt_get(&x->u.t, i));
	y->deps = x->deps;
	return y;
}
