/*
 * lib_norm.c - vector norms as PyTorch 1.13 dispatches them: x.norm and
 * torch.norm (torch/functional.py's norm: _VF.norm, or frobenius_norm,
 * which over two dims is sqrt(sum(x * x)), summed as torch.sum sums),
 * torch.linalg.vector_norm and torch.linalg.norm (its vector cases and
 * 'fro'); the reduction itself is kernels' tensor_norm_view (ATen's
 * norm_kernel_tensor_iterator_impl).  Matrix norms (torch.linalg.matrix_norm,
 * and linalg.norm over two dims): ord 1, -1, inf, -inf as ATen's
 * linalg_matrix_norm (the 1-norm over one dim, then amax or amin over the
 * other), 'fro' the vector 2-norm; ord 2, -2 and 'nuc' need an SVD and are
 * refused in one line.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lib.h"

/* the norm of order p of x over dims (has: dims given; none or []: all) */
static struct pyobj *
norm_reduce(struct py_session *s, struct pyobj *x, double p, unsigned dims, int has, int keep,
    const char *grad, const char *who)
{
	const struct pytensor *t = &x->u.t;
	int shape[TENSOR_MAXDIM], nd = 0, d;
	struct tensor_view v;
	struct pyobj *y;
	char ps[32];

	if (t->dtype != DT_FLOAT && t->dtype != DT_DOUBLE) {
		if (strcmp(who, "norm") == 0)
			return py_fail(s, "norm(): input dtype should be either floating point or complex. Got %s instead.",
			    pyt_cat_name[t->dtype]);
		return py_fail(s, "%s: Expected a floating point or complex tensor as input. Got %s", who,
		    pyt_cat_name[t->dtype]);
	}
	if (t->numel == 0 && p < 0) {
		if (isinf(p))
			snprintf(ps, sizeof ps, "-inf");
		else
			snprintf(ps, sizeof ps, "%g", p);
		return py_fail(s, "linalg.vector_norm cannot compute the %s norm on an empty tensor because the operation "
		    "does not have an identity", ps);
	}
	if (t->ndim == 0 || !has || dims == 0)
		dims = t->ndim ? (1u << t->ndim) - 1 : 0;
	for (d = 0; d < t->ndim; d++)
		if (!(dims >> d & 1))
			shape[nd++] = t->shape[d];
		else if (keep)
			shape[nd++] = 1;
	if ((y = pyt_result(s, t->dtype, nd, shape, NULL)) == NULL)
		return NULL;
	pyt_view(&v, t);
	tensor_norm_view(y->u.t.st->data, &v, dims, keep, p);
	return pyt_derived(y, x, grad);
}

/* an order given as a number (bool refused as ATen's kernel refuses it) */
static int
norm_order(struct py_session *s, const struct pyobj *o, double dflt, double *p)
{
	if (o == NULL || o->type == PY_NONE) {
		*p = dflt;
		return 0;
	}
	if (o->type == PY_BOOL) {
		py_fail(s, "norm_kernel_tensor_iterator_impl expects norm to be integer or float");
		return -1;
	}
	return py_to_double(s, o, "norm(): argument 'p'", p);
}

/* dtype=: None or float32 (the only floating dtype here) */
static int
norm_dtype(struct py_session *s, const struct builtin *b, struct pyobj *o)
{
	int dt;

	if (lib_dtype(s, b, o, &dt) != 0)
		return -1;
	if (dt >= 0 && dt != DT_FLOAT) {
		py_fail(s, "%s(): dtype=%s is not supported here (only torch.float32)", b->name, dtype_name(dt));
		return -1;
	}
	return 0;
}

/* the number of dims a dim argument names: 1 for an int, the length of a list */
static int
ndims_given(const struct pyobj *o)
{
	if (o == NULL || o->type == PY_NONE)
		return -1;
	if (o->type == PY_TUPLE || o->type == PY_LIST)
		return o->u.seq.n;
	return 1;
}

/* frobenius_norm(x, dims, keepdim): two dims: sqrt(sum(x * x, dims, keepdim)); fewer: norm(x, 2, dims) */
static struct pyobj *
frobenius(struct py_session *s, const struct builtin *b, struct pyobj *x, struct pyobj *dimo, int keep)
{
	unsigned dims;
	int has, n = ndims_given(dimo), d0, d1;
	struct pyobj *sq, *sum;

	if (n > 2)
		return py_fail(s, "Expected at most 2 dimensions, but got %d dimensions instead.", n);
	if (lib_dims(s, b, n == 2 ? NULL : dimo, x->u.t.ndim, &dims, &has) != 0)
		return NULL;
	if (n < 2)
		return norm_reduce(s, x, 2, dims, has, keep, "NormBackward1", "norm");
	if (py_to_dim(s, dimo->u.seq.v[0], x->u.t.ndim, &d0) != 0 || py_to_dim(s, dimo->u.seq.v[1], x->u.t.ndim, &d1) != 0)
		return NULL;
	if (d0 == d1)
		return py_fail(s, "Expected dims to be different, got [%d, %d] instead", (int)dimo->u.seq.v[0]->u.i,
		    (int)dimo->u.seq.v[1]->u.i);
	if ((sq = op_binary(s, B_MUL, x, x)) == NULL ||
	    (sum = py_drop(op_reduce(s, R_SUM, sq, 1u << d0 | 1u << d1, 1, keep, 0), sq)) == NULL)
		return NULL;
	return py_drop(op_unary(s, U_SQRT, sum), sum);
}

/* x.norm(p='fro', dim=None, keepdim=False, dtype=None) and torch.norm: functional.py's dispatch */
static struct pyobj *
method_norm(struct py_session *s, const struct builtin *b, struct pyobj *x, struct pyobj **a)
{
	struct pyobj *po = a[0], *dimo = a[1], *dto = b->flags & LIB_SELF_FIRST ? a[4] : a[3];
	int keep, has, given = dto != NULL && dto->type != PY_NONE;
	unsigned dims;
	double p;

	if ((b->flags & LIB_SELF_FIRST) && a[3] != NULL && a[3]->type != PY_NONE)
		return py_fail(s, "norm(): out= is not supported here");
	if (lib_flag(s, b, a[2], "keepdim", 0, &keep) != 0)
		return NULL;
	if (po == NULL || po->type == PY_STR) {
		const char *ps = po == NULL ? "fro" : po->u.str.s;

		if (strcmp(ps, "fro") == 0) {
			if (given)
				return py_fail(s, "ValueError: dtype argument is not supported in frobenius norm");
			return frobenius(s, b, x, dimo, keep);
		}
		if (strcmp(ps, "nuc") == 0)
			return py_fail(s, "NotImplementedError: norm(p='nuc'): the nuclear norm needs the singular values "
			    "(an SVD), which attn-explain does not compute");
		return py_fail(s, "only valid string values are 'fro' and 'nuc', found %s", ps);
	}
	if (norm_order(s, po, 2, &p) != 0 || norm_dtype(s, b, dto) != 0 ||
	    lib_dims(s, b, dimo, x->u.t.ndim, &dims, &has) != 0)
		return NULL;
	return norm_reduce(s, x, p, dims, has, keep, given ? "NormBackward3" : "NormBackward1", "norm");
}

/* torch.linalg.vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None) */
/* torch.linalg's first argument: a tensor, else the message of the ATen function it calls */
static struct pyobj *
linalg_input(struct py_session *s, struct pyobj *o, const char *aten)
{
	if (o->type == PY_TENSOR)
		return o;
	return py_fail(s, "%s(): argument 'input' (position 1) must be Tensor, not %s", aten, py_type_name(o));
}

static struct pyobj *
linalg_vector_norm(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	struct pyobj *x;
	int keep, has;
	unsigned dims;
	double p;

	(void)self;
	if ((x = linalg_input(s, a[0], "linalg_vector_norm")) == NULL)
		return NULL;
	if (a[1] != NULL && a[1]->type == PY_STR)
		return py_fail(s, "linalg_vector_norm(): argument 'ord' (position 2) must be Number, not str");
	p = 2;
	if (lib_flag(s, b, a[3], "keepdim", 0, &keep) != 0 || norm_dtype(s, b, a[4]) != 0 ||
	    (a[1] != NULL && py_to_double(s, a[1], "linalg_vector_norm(): argument 'ord'", &p) != 0) ||
	    lib_dims(s, b, a[2], x->u.t.ndim, &dims, &has) != 0)
		return NULL;
	return norm_reduce(s, x, p, dims, has, keep, "LinalgVectorNormBackward0", "linalg.vector_norm");
}

/* an ord as c10 prints a double ("3", "0.5", "inf") */
static const char *
ord_text(double o, char *buf, size_t n)
{
	snprintf(buf, n, "%g", o);
	return buf;
}

/*
 * ATen's linalg_matrix_norm over the dims (d0, d1) as given (unwrapped):
 * ord a number (ostr NULL) 1, -1, inf, -inf: the 1-norm over d0 (d1 for
 * +-inf), then amax (amin for a negative ord) over the other; "fro": the
 * vector 2-norm over both.  2, -2 and "nuc" (singular values) are refused.
 */
static struct pyobj *
matrix_norm(struct py_session *s, const struct builtin *b, struct pyobj *x, double ord, const char *ostr,
    const struct pyobj *d0o, const struct pyobj *d1o, int keep)
{
	int nd = x->u.t.ndim, d[2], t;
	struct pyobj *r1, *mm, *r;
	char buf[32];

	(void)b;
	if (ostr != NULL ? strcmp(ostr, "fro") != 0 && strcmp(ostr, "nuc") != 0 :
	    fabs(ord) != 1 && fabs(ord) != 2 && !isinf(ord))
		return py_fail(s, "RuntimeError: linalg.matrix_norm: Order %s not supported.", ostr ? ostr : ord_text(ord,
		    buf, sizeof buf));
	if (nd < 2)
		return py_fail(s, "RuntimeError: linalg.matrix_norm: The input tensor A must have at least 2 dimensions.");
	if (x->u.t.dtype != DT_FLOAT && x->u.t.dtype != DT_DOUBLE)
		return py_fail(s, "RuntimeError: linalg.matrix_norm: Expected a floating point or complex tensor as input. "
		    "Got %s", pyt_cat_name[x->u.t.dtype]);
	if (py_to_dim(s, d0o, nd, &d[0]) != 0 || py_to_dim(s, d1o, nd, &d[1]) != 0)
		return NULL;
	if (d[0] == d[1])
		return py_fail(s, "RuntimeError: linalg.matrix_norm: dims must be different. Got (%d, %d)", d[0], d[1]);
	if (ostr != NULL ? strcmp(ostr, "nuc") == 0 : fabs(ord) == 2)
		return py_fail(s, "NotImplementedError: linalg.matrix_norm(ord=%s): the %s norm needs the singular values "
		    "(an SVD), which attn-explain does not compute", ostr ? "'nuc'" : ord_text(ord, buf, sizeof buf),
		    ostr ? "nuclear" : "spectral");
	if (ostr != NULL)
		return norm_reduce(s, x, 2, 1u << d[0] | 1u << d[1], 1, keep, "LinalgVectorNormBackward0",
		    "linalg.vector_norm");
	if (isinf(ord)) {
		t = d[0];
		d[0] = d[1];
		d[1] = t;
	}
	if (!keep && d[0] < d[1])
		d[1]--;
	if ((r1 = norm_reduce(s, x, 1, 1u << d[0], 1, keep, "LinalgVectorNormBackward0", "linalg.vector_norm")) == NULL)
		return NULL;
	if (r1->u.t.shape[d[1]] == 0) {
		py_decref(r1);
		return py_fail(s, "IndexError: %s(): Expected reduction dim %d to have non-zero size.", ord < 0 ? "amin" :
		    "amax", d[1]);
	}
	mm = op_max(s, r1, d[1], keep, ord < 0, 0);
	py_decref(r1);
	if (mm == NULL)
		return NULL;
	r = mm->u.seq.v[0];
	py_incref(r);
	py_decref(mm);
	r->u.t.ghost0 = 0;
	pyt_set_grad(r, ord < 0 ? "AminBackward0" : "AmaxBackward0", pyt_grad(x));
	return r;
}

/* an ord object: a string (*ostr), else a number; -1 after PyTorch's message */
static int
matrix_ord(struct py_session *s, const char *who, const struct pyobj *o, double *ord, const char **ostr)
{
	*ostr = NULL;
	if (o != NULL && o->type == PY_STR) {
		*ostr = o->u.str.s;
		return 0;
	}
	return py_to_double(s, o, who, ord);
}

/* torch.linalg.matrix_norm(A, ord='fro', dim=(-2, -1), keepdim=False, *, dtype=None) (dim None here: the
 * default, as the row's text cannot hold a tuple) */
static struct pyobj *
linalg_matrix_norm(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	struct pyobj *x, *dim = a[2];
	const char *ostr = "fro";
	double ord = 0;
	int keep;

	(void)self;
	if ((x = linalg_input(s, a[0], "linalg_matrix_norm")) == NULL)
		return NULL;
	if (a[1] != NULL && matrix_ord(s, "linalg_matrix_norm(): argument 'ord'", a[1], &ord, &ostr) != 0)
		return NULL;
	if (lib_flag(s, b, a[3], "keepdim", 0, &keep) != 0 || norm_dtype(s, b, a[4]) != 0)
		return NULL;
	if (dim != NULL && dim->type == PY_NONE)
		dim = NULL;
	if (dim != NULL && (dim->type == PY_TUPLE || dim->type == PY_LIST) && dim->u.seq.n == 2)
		return matrix_norm(s, b, x, ord, ostr, dim->u.seq.v[0], dim->u.seq.v[1], keep);
	if (dim != NULL)
		return py_fail(s, "RuntimeError: linalg.matrix_norm: dim must be a 2-tuple. Got %d",
		    dim->type == PY_INT ? (int)dim->u.i : dim->type == PY_TUPLE || dim->type == PY_LIST ? dim->u.seq.n : 0);
	{
		struct pyobj *m2 = py_int(-2), *m1 = py_int(-1), *r;

		r = matrix_norm(s, b, x, ord, ostr, m2, m1, keep);
		py_decref(m2);
		py_decref(m1);
		return r;
	}
}

/* "linalg.norm: If dim is specified, it must be of length 1 or 2. Got [0, 1, 2]" */
static struct pyobj *
bad_dim_count(struct py_session *s, const struct pyobj *dim, int n)
{
	char got[96];
	size_t k = 0;
	int i;

	got[k++] = '[';
	for (i = 0; i < n && k < sizeof got - 24; i++)
		k += (size_t)snprintf(got + k, sizeof got - k, "%s%lld", i ? ", " : "",
		    dim->u.seq.v[i]->type == PY_INT ? dim->u.seq.v[i]->u.i : 0LL);
	snprintf(got + k, sizeof got - k, "]");
	return py_fail(s, "RuntimeError: linalg.norm: If dim is specified, it must be of length 1 or 2. Got %s", got);
}

/* torch.linalg.norm(A, ord=None, dim=None, keepdim=False, *, dtype=None): a vector norm, or a
 * matrix norm when ord is given over two dims (or a 2-D A without dim) */
static struct pyobj *
linalg_norm(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	struct pyobj *x, *o = a[1];
	int keep, has, n = ndims_given(a[2]), nd;
	unsigned dims;
	double p = 2;

	(void)self;
	if ((x = linalg_input(s, a[0], "linalg_norm")) == NULL)
		return NULL;
	nd = x->u.t.ndim;
	if (n >= 0 && n != 1 && n != 2)
		return bad_dim_count(s, a[2], n);
	if (n < 0 && o != NULL && o->type != PY_NONE && nd != 1 && nd != 2)
		return py_fail(s, "RuntimeError: linalg.norm: If dim is not specified but ord is, the input must be 1D or 2D. Got %dD.", nd);
	if (a[4] != NULL && a[4]->type != PY_NONE)
		return py_fail(s, "%s(): out= is not supported here", b->name);
	if (lib_flag(s, b, a[3], "keepdim", 0, &keep) != 0 || norm_dtype(s, b, a[5]) != 0)
		return NULL;
	if (o != NULL && o->type == PY_STR && n == 1)
		return py_fail(s, "RuntimeError: linalg.matrix_norm: dim must be a 2-tuple. Got %d",
		    a[2]->type == PY_INT ? (int)a[2]->u.i : (int)a[2]->u.seq.v[0]->u.i);
	if (o != NULL && o->type != PY_NONE && (n == 2 || (n < 0 && (nd == 2 || o->type == PY_STR)))) {
		const char *ostr;
		double ord;
		struct pyobj *z, *one, *r;

		if (matrix_ord(s, "linalg_norm(): argument 'ord'", o, &ord, &ostr) != 0)
			return NULL;
		if (n == 2)
			return matrix_norm(s, b, x, ord, ostr, a[2]->u.seq.v[0], a[2]->u.seq.v[1], keep);
		z = py_int(0);
		one = py_int(1);
		r = matrix_norm(s, b, x, ord, ostr, z, one, keep);
		py_decref(z);
		py_decref(one);
		return r;
	}
	if (lib_dims(s, b, a[2], nd, &dims, &has) != 0)
		return NULL;
	if (o != NULL && o->type != PY_NONE && py_to_double(s, o, "linalg_norm(): argument 'ord'", &p) != 0)
		return NULL;
	return norm_reduce(s, x, p, dims, has, keep, "LinalgVectorNormBackward0", "linalg.vector_norm");
}

const struct builtin lib_norm_rows[] = {
	LIB_NS("Tensor"),
	{ "norm", method_norm, 0, "p='fro', dim=None, keepdim=False, dtype=None", LIB_F64 },
	LIB_NS("torch"),
	{ "norm", method_norm, 0, "p='fro', dim=None, keepdim=False, out=None, dtype=None", LIB_SELF_FIRST | LIB_F64 },
	LIB_NS("torch.linalg"),
	{ "vector_norm", linalg_vector_norm, 0, "x, ord=2, dim=None, keepdim=False, dtype=None", LIB_F64 },
	{ "norm", linalg_norm, 0, "A, ord=None, dim=None, keepdim=False, out=None, dtype=None", LIB_F64 },
	{ "matrix_norm", linalg_matrix_norm, 0, "A, ord='fro', dim=None, keepdim=False, *, dtype=None", LIB_F64 },
	LIB_END
};
