/*
 * lib_fill.c - tensors of one value: torch.full and full_like (a causal
 * mask as `torch.triu(torch.full((T, T), float('-inf')), diagonal=1)`),
 * torch.eye, x.new_zeros/new_ones/new_full/new_empty (x's dtype), and
 * the in-place x.fill_(v) and x.zero_(); each with PyTorch 1.13's dtype
 * rule (full's value says it: an int makes int64, a bool bool), its
 * messages and grad_fn.
 */
#include <limits.h>

#include "lib.h"

#define TAIL ", dtype=None, ~layout=None, ~device=None, ~pin_memory=False, requires_grad=False"

/* the dtype a fill value gives torch.full: bool, int64, else the default float32; -1: not a number */
static int
value_dtype(const struct pyobj *v)
{
	switch (v->type) {
	case PY_BOOL: return DT_BOOL;
	case PY_INT: return DT_INT64;
	case PY_FLOAT: return DT_FLOAT;
	case PY_TENSOR: return v->u.t.ndim == 0 ? (v->u.t.dtype == DT_DOUBLE ? DT_FLOAT : v->u.t.dtype) : -1;
	default: return -1;
	}
}

/* the fill value of fn's argument at pos as a double; -1 after PyTorch's message */
static int
fill_value(struct py_session *s, const char *fn, const struct pyobj *v, int pos, double *out)
{
	if (value_dtype(v) < 0) {
		if (v->type == PY_TENSOR)
			py_fail(s, "RuntimeError: %s only supports 0-dimension value tensor but got tensor with %d "
			    "dimensions.", fn, v->u.t.ndim);
		else
			py_fail(s, "%s(): argument 'fill_value' (position %d) must be Number, not %s", fn, pos,
			    py_type_name(v));
		return -1;
	}
	*out = v->type == PY_TENSOR ? pyt_get(&v->u.t, 0) : v->type == PY_FLOAT ? v->u.f : (double)v->u.i;
	return 0;
}

/* a shape given as one sequence (full's size); -1 after PyTorch's message */
static int
seq_shape(struct py_session *s, const char *fn, const struct pyobj *o, int *nd, int *shape)
{
	int i;

	if (o->type != PY_TUPLE && o->type != PY_LIST && o->type != PY_SIZE) {
		py_fail(s, "%s(): argument 'size' (position 1) must be tuple of SymInts, not %s", fn, py_type_name(o));
		return -1;
	}
	for (i = 0; i < o->u.seq.n; i++)
		if (o->u.seq.v[i]->type != PY_INT && !(o->u.seq.v[i]->type == PY_TENSOR && value_dtype(o->u.seq.v[i]) ==
		    DT_INT64)) {
			py_fail(s, "%s(): argument 'size' must be tuple of SymInts, but found element of type %s at pos %d",
			    fn, py_type_name(o->u.seq.v[i]), i + 1);
			return -1;
		}
	return py_shape_args(s, o->u.seq.v, o->u.seq.n, fn, nd, shape, 0);
}

/* a new tensor of (nd, shape) and dtype dt holding v, requires_grad from rg */
static struct pyobj *
filled(struct py_session *s, const struct builtin *b, int nd, const int *shape, int dt, double v, struct pyobj *rg)
{
	struct pyobj *t = pyt_empty(dt, nd, shape);

	if (t == NULL)
		return py_oom(s) ? NULL : py_fail(s, "%s(): the tensor is too large (more than %zu elements)", b->name,
		    py_max_numel);
	if (v != 0)
		lib_fill(t, v);
	return lib_with_grad(t, s, b, rg);
}

/* torch.full(size, fill_value, dtype=None, requires_grad=False); a[]: size, fill_value, dtype, requires_grad */
static struct pyobj *
torch_full(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	int nd, shape[TENSOR_MAXDIM], dt;
	double v;

	(void)self;
	if (seq_shape(s, "full", a[0], &nd, shape) != 0 || fill_value(s, "full", a[1], 2, &v) != 0 ||
	    lib_dtype(s, b, a[2], &dt) != 0)
		return NULL;
	return filled(s, b, nd, shape, dt >= 0 ? dt : value_dtype(a[1]), v, a[3]);
}

/* torch.full_like(input, fill_value, dtype=None, requires_grad=False): input's shape and dtype */
static struct pyobj *
torch_full_like(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	int dt;
	double v;

	(void)self;
	if (lib_need_tensor(s, b, a[0], "input", 1) == NULL || fill_value(s, "full_like", a[1], 2, &v) != 0 ||
	    lib_dtype(s, b, a[2], &dt) != 0)
		return NULL;
	return filled(s, b, a[0]->u.t.ndim, a[0]->u.t.shape, dt >= 0 ? dt : a[0]->u.t.dtype, v, a[3]);
}

/* torch.eye(n, m=None, dtype=None, requires_grad=False); a[]: n, m, dtype, requires_grad */
static struct pyobj *
torch_eye(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	long long n, m;
	int shape[2], dt, i;
	struct pyobj *t;

	(void)self;
	if (a[0]->type != PY_INT || (a[1] != NULL && a[1]->type != PY_INT))
		return py_fail(s, "eye(): argument '%s' (position %d) must be int, not %s", a[0]->type != PY_INT ? "n" : "m",
		    a[0]->type != PY_INT ? 1 : 2, py_type_name(a[0]->type != PY_INT ? a[0] : a[1]));
	n = a[0]->u.i;
	m = a[1] != NULL ? a[1]->u.i : n;
	if (n < 0 || m < 0)
		return py_fail(s, "RuntimeError: %s must be greater or equal to 0, got %lld", n < 0 ? "n" : "m", n < 0 ? n : m);
	if (n > INT_MAX || m > INT_MAX)
		return py_fail(s, "eye(): the tensor is too large (more than %zu elements)", py_max_numel);
	if (lib_dtype(s, b, a[2], &dt) != 0)
		return NULL;
	shape[0] = (int)n;
	shape[1] = (int)m;
	if ((t = filled(s, b, 2, shape, dt >= 0 ? dt : DT_FLOAT, 0, a[3])) == NULL)
		return NULL;
	for (i = 0; i < shape[0] && i < shape[1]; i++)
		pyt_store(&t->u.t, (size_t)i * (size_t)shape[1] + (size_t)i, 1);
	return t;
}

/* x.new_zeros(*size) (op 0), new_ones (1), new_empty (2, zeros here), new_full(size, fill_value) (3) */
static struct pyobj *
method_new(struct py_session *s, const struct builtin *b, struct pyobj *x, struct pyobj **a)
{
	int nd, shape[TENSOR_MAXDIM], dt, k = b->op == 3 ? 2 : 1;	/* a[k]: dtype, a[k + 1]: requires_grad */
	double v = b->op == 1;

	if (b->op == 3 ? seq_shape(s, b->name, a[0], &nd, shape) != 0 || fill_value(s, b->name, a[1], 2, &v) != 0 :
	    py_shape_args(s, a[0]->u.seq.v, a[0]->u.seq.n, b->name, &nd, shape, 0) != 0)
		return NULL;
	if (lib_dtype(s, b, a[k], &dt) != 0)
		return NULL;
	return filled(s, b, nd, shape, dt >= 0 ? dt : x->u.t.dtype, v, a[k + 1]);
}

/* x.fill_(value) (op 0), x.zero_() (1): every element of x, in place */
static struct pyobj *
method_fill(struct py_session *s, const struct builtin *b, struct pyobj *x, struct pyobj **a)
{
	struct pyobj *y;
	double v = 0;
	int req;

	if (b->op == 0 && value_dtype(a[0]) < 0 && a[0]->type != PY_TENSOR)	/* neither overload takes it */
		return py_fail(s, "fill_() received an invalid combination of arguments - got (%s), but expected one of:",
		    py_type_name(a[0]));
	if (b->op == 0 && fill_value(s, "fill_", a[0], 1, &v) != 0)
		return NULL;
	if (pyt_check_inplace(s, x) != 0)
		return NULL;
	req = pyt_grad(x) || (b->op == 0 && a[0]->type == PY_TENSOR && pyt_grad(a[0]));
	if ((y = pyt_empty(x->u.t.dtype, x->u.t.ndim, x->u.t.shape)) == NULL)
		return py_oom(s) ? NULL : py_fail(s, "%s(): no memory", b->name);
	lib_fill(y, v);
	pyt_writable(s, x);
	pyt_write(&x->u.t, &y->u.t);
	py_decref(y);
	pyt_mark_inplace(x, b->op ? "ZeroBackward0" : a[0]->type == PY_TENSOR ? "FillBackward3" : "FillBackward2", req);
	py_incref(x);
	return x;
}

const struct builtin lib_fill_rows[] = {
	LIB_NS("torch"),
	{ "full", torch_full, 0, "size, fill_value, *, ~out=None" TAIL " | size, fill_value, *, ~names" TAIL, LIB_VF | LIB_F64 },
	{ "full_like", torch_full_like, 0, "input, fill_value, *" TAIL ", ~memory_format=None", LIB_VF | LIB_F64 },
	{ "eye", torch_eye, 0, "n, m=None, *, ~out=None" TAIL, LIB_VF | LIB_F64 },
	LIB_NS("Tensor"),
	{ "new_zeros", method_new, 0, "*size" TAIL, LIB_F64 },
	{ "new_ones", method_new, 1, "*size" TAIL, LIB_F64 },
	{ "new_empty", method_new, 2, "*size" TAIL, LIB_F64 },
	{ "new_full", method_new, 3, "size, fill_value" TAIL, LIB_F64 },
	{ "fill_", method_fill, 0, "value | value", LIB_F64 },
	{ "zero_", method_fill, 1, "/", LIB_F64 },
	LIB_END
};
