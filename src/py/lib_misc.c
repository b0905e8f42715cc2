/*
 * lib_misc.c - entries of contract v3 beyond v2's library: Python's
 * isinstance and type (a type is the row of its constructor: int, float,
 * str, list, tuple, range, torch.Tensor, nn.Parameter, nn.Linear, ...),
 * torch.initial_seed, torch.set_num_threads/get_num_threads (the count
 * goes to the kernels, which cut their work where PyTorch's threads would),
 * torch.set_printoptions, torch.where and
 * Tensor.expand, each with PyTorch's
 * messages.
 */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib.h"

/* torch.Tensor called: not a constructor here */
static struct pyobj *
torch_tensor_type(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	(void)b, (void)self, (void)a;
	return py_fail(s, "torch.Tensor(...) is not supported: use torch.tensor(data)");
}

static struct pyobj *
torch_initial_seed(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	(void)b, (void)self, (void)a;
	return lib_seed_int(s, s->initial_seed);
}

static struct pyobj *
torch_get_num_threads(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	(void)s, (void)b, (void)self, (void)a;
	return py_int(tensor_intraop_threads());
}

static struct pyobj *
torch_set_num_threads(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	(void)b, (void)self;
	if (a[0]->type != PY_INT)
		return py_fail(s, "set_num_threads expects an int, but got %s", py_type_name(a[0]));
	if (a[0]->u.i <= 0 || a[0]->u.i > INT_MAX)
		return py_fail(s, "set_num_threads expects a positive integer");
	s->num_threads = (int)a[0]->u.i;
	tensor_set_intraop_threads(s->num_threads);
	return py_none();
}

/* the row that is o's type (its "class"), or NULL */
static const struct builtin *
type_row(const struct pyobj *o)
{
	switch (o->type) {
	case PY_BOOL: return lib_find_hook("", "bool");
	case PY_INT: return lib_find_hook("", "int");
	case PY_FLOAT: return lib_find_hook("", "float");
	case PY_STR: return lib_find_hook("", "str");
	case PY_LIST: return lib_find_hook("", "list");
	case PY_DICT: return lib_find_hook("", "dict");
	case PY_TUPLE: return lib_find_hook("", "tuple");
	case PY_RANGE: return lib_find_hook("", "range");
	case PY_GEN:	/* enumerate and zip are types; a generator's (types.GeneratorType) is not a builtin */
		return o->u.gen->kind == GEN_ENUM ? lib_find_hook("", "enumerate") : o->u.gen->kind == GEN_ZIP ?
		    lib_find_hook("", "zip") : NULL;
	case PY_SIZE: return lib_find_hook("torch", "Size");
	case PY_TENSOR: return o->u.t.parameter ? lib_find_hook("torch.nn", "Parameter") : lib_find_hook("torch", "Tensor");
	case PY_MODULE:	/* nn.Linear, nn.Dropout, ... by py_type_name's name (a head: no row) */
		return o->u.m.kind == MOD_HEAD ? NULL : lib_find_hook("torch.nn", py_type_name(o));
	case PY_OBJ:	/* nn.Module(), nn.ModuleList, nn.Sequential, a layer (a class's instance: its class, not a row) */
		return o->u.obj.cls != NULL ? NULL : lib_find_hook("torch.nn", py_type_name(o));
	}
	return NULL;
}

static int
is_type(const struct pyobj *t)
{
	static const char *const types[] = { "bool", "int", "float", "str", "list", "tuple", "dict", "range", "enumerate", "zip", "Size",
		"Tensor", "Parameter", "Linear", "Dropout", "Softmax", "Module", "ModuleList", "Sequential", NULL };
	int i;

	if (t->type == PY_CLASS)
		return 1;
	if (t->type != PY_FUNC || t->u.fn.self != NULL)
		return 0;
	for (i = 0; types[i] != NULL; i++)
		if (strcmp(t->u.fn.fn->name, types[i]) == 0)
			return 1;
	return 0;
}

/* o is an instance of the type t (a row, or a script's class): its own type, or one it derives from */
static int
instance_of(const struct pyobj *o, const struct pyobj *type)
{
	const struct builtin *mine = type_row(o), *t = type->type == PY_FUNC ? type->u.fn.fn : NULL;
	const struct pyobj *c;

	if (type->type == PY_CLASS) {	/* o's class or one of its bases */
		for (c = o->type == PY_OBJ ? o->u.obj.cls : NULL; c != NULL; c = c->u.obj.cls)
			if (c == type)
				return 1;
		return 0;
	}
	if (mine == t)
		return 1;
	if (t == lib_find_hook("torch.nn", "Module"))	/* every module is one */
		return nn_is_module(o);
	if (t == lib_find_hook("", "int"))
		return o->type == PY_BOOL;
	if (t == lib_find_hook("", "tuple"))
		return o->type == PY_SIZE || o->type == PY_RETURNS;
	if (t == lib_find_hook("torch", "Tensor"))
		return o->type == PY_TENSOR;
	return 0;
}

static struct pyobj *
builtin_isinstance(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	const struct pyobj *t = a[1];
	int i;

	(void)b, (void)self;
	if (a[0] == NULL || a[1] == NULL)
		return py_fail(s, "isinstance expected 2 arguments, got %d", a[0] != NULL);
	if (t->type == PY_TUPLE) {
		for (i = 0; i < t->u.seq.n; i++)
			if (!is_type(t->u.seq.v[i]))
				return py_fail(s, "isinstance() arg 2 must be a type, a tuple of types, or a union");
		for (i = 0; i < t->u.seq.n; i++)
			if (instance_of(a[0], t->u.seq.v[i]))
				return py_bool(1);
		return py_bool(0);
	}
	if (!is_type(t))
		return py_fail(s, "isinstance() arg 2 must be a type, a tuple of types, or a union");
	return py_bool(instance_of(a[0], t));
}

static struct pyobj *
builtin_type(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	const struct builtin *t;

	(void)b, (void)self;
	if (a[0]->type == PY_OBJ && a[0]->u.obj.cls != NULL) {	/* a script's class */
		py_incref(a[0]->u.obj.cls);
		return a[0]->u.obj.cls;
	}
	if ((t = type_row(a[0])) == NULL)
		return py_fail(s, "type() of a %s is not supported", py_type_name(a[0]));
	return py_func(t, NULL);
}

/* x.expand(*sizes): a view, size-1 dims (and new leading ones) with stride 0 */
static struct pyobj *
method_expand(struct py_session *s, const struct builtin *b, struct pyobj *x, struct pyobj **a)
{
	int nd, shape[TENSOR_MAXDIM], i, k = x->u.t.ndim;
	long long stride[TENSOR_MAXDIM];
	char want[256], have[256];

	if (py_shape_args(s, a[0]->u.seq.v, a[0]->u.seq.n, b->name, &nd, shape, 1) != 0)
		return NULL;
	pyt_shape_text(have, sizeof have, k, x->u.t.shape);
	if (nd < k)
		return py_fail(s, "expand(torch.%sTensor{[%s]}, size=[%s]): the number of sizes provided (%d) must be "
		    "greater or equal to the number of dimensions in the tensor (%d)", pyt_cat_name[x->u.t.dtype], have,
		    (pyt_shape_text(want, sizeof want, nd, shape), want), nd, k);
	for (i = nd - 1; i >= 0; i--) {
		int j = i - (nd - k);

		if (j < 0) {
			if (shape[i] < 0)
				return py_fail(s, "The expanded size of the tensor (%d) isn't allowed in a leading, "
				    "non-existing dimension %d", shape[i], i);
			stride[i] = 0;
			continue;
		}
		if (shape[i] == -1)
			shape[i] = x->u.t.shape[j];
		if (shape[i] == x->u.t.shape[j]) {
			stride[i] = x->u.t.stride[j];
		} else if (x->u.t.shape[j] == 1 && shape[i] >= 0) {
			stride[i] = 0;
		} else {
			pyt_shape_text(want, sizeof want, nd, shape);
			return py_fail(s, "The expanded size of the tensor (%d) must match the existing size (%d) at "
			    "non-singleton dimension %d.  Target sizes: [%s].  Tensor sizes: [%s]", shape[i],
			    x->u.t.shape[j], i, want, have);
		}
	}
	return op_view_as(s, x, nd, shape, stride, x->u.t.offset, "ExpandBackward0");
}

/* element i of t read as the result's dtype dt, t broadcast to (nd, shape) with strides st */
static void
where_copy(struct pytensor *y, const struct pytensor *t, const long long *st, size_t i, size_t off)
{
	long long o = pyt_offset(t->offset, i, y->ndim, y->shape, st);
	struct pytensor one = *t;

	if (y->dtype == DT_INT64 || (y->dtype == DT_BOOL)) {
		long long v;

		one.ndim = 0;
		one.offset = o;
		v = pyt_geti(&one, 0);
		if (y->dtype == DT_BOOL)
			((unsigned char *)y->st->data)[off] = v != 0;
		else
			((long long *)y->st->data)[off] = v;
		return;
	}
	one.ndim = 0;
	one.offset = o;
	pyt_store(y, off, pyt_get(&one, 0));
}

/* t's strides for the shape (nd, shape) it broadcasts to (0 on the dims it repeats) */
static void
bcast_strides(const struct pytensor *t, int nd, const int *shape, long long *st)
{
	int i;

	for (i = 0; i < nd; i++) {
		int j = i - (nd - t->ndim);

		st[i] = j < 0 || t->shape[j] != shape[i] ? 0 : t->stride[j];
	}
}

static int
bcast_shape(struct py_session *s, struct pyobj **v, int n, int *nd, int *shape)
{
	int bad[3];

	if (pyt_bcast_shapes(v, n, nd, shape, bad) == 0)
		return 0;
	py_fail(s, "The size of tensor a (%d) must match the size of tensor b (%d) at non-singleton dimension %d",
	    bad[0], bad[1], bad[2]);
	return -1;
}

/* torch.where(condition): nonzero(condition, as_tuple=True), one int64 tensor of indices per dim */
static struct pyobj *
where_one(struct py_session *s, struct pyobj *c)
{
	struct pytensor *t = &c->u.t;
	int nd = t->ndim ? t->ndim : 1, d, n[1] = { 0 };
	struct pyobj *r;
	size_t i, k = 0;

	for (i = 0; i < t->numel; i++)
		n[0] += pyt_get(t, i) != 0;
	r = py_seq(PY_TUPLE, nd);
	for (d = 0; d < nd; d++)
		if ((r->u.seq.v[d] = pyt_zeros(s, DT_INT64, 1, n, NULL)) == NULL) {
			py_decref(r);
			return NULL;
		}
	for (i = 0; i < t->numel; i++) {
		size_t q = i;

		if (pyt_get(t, i) == 0)
			continue;
		for (d = nd - 1; d >= 0; d--) {
			int len = t->ndim ? t->shape[d] : 1;

			((long long *)r->u.seq.v[d]->u.t.st->data)[k] = (long long)(q % (size_t)len);
			q /= (size_t)len;
		}
		k++;
	}
	return r;
}

/* torch.where(condition, input, other) */
static struct pyobj *
torch_where(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	struct pyobj *v[3] = { NULL, NULL, NULL }, *y = NULL;
	int nd, shape[TENSOR_MAXDIM], i, dt;
	long long st[3][TENSOR_MAXDIM];
	size_t k;

	(void)b, (void)self;
	if (a[0]->type != PY_TENSOR)
		return py_fail(s, "where(): argument 'condition' (position 1) must be Tensor, not %s", py_type_name(a[0]));
	if (a[1] == NULL || a[2] == NULL)
		return where_one(s, a[0]);
	if (a[0]->u.t.dtype != DT_BOOL)
		return py_fail(s, "where expected condition to be a boolean tensor, but got a tensor with dtype %s",
		    pyt_cat_name[a[0]->u.t.dtype]);
	dt = f64_result_type(a[1], a[2]);
	for (i = 0; i < 3; i++)	/* a number exactly as the float64 result's double */
		if ((v[i] = i > 0 && dt == DT_DOUBLE ? pyt_as_dtype(s, a[i], dt) : pyt_operand(s, a[i])) == NULL)
			goto out;
	if (bcast_shape(s, v, 3, &nd, shape) != 0 || (y = pyt_result(s, dt, nd, shape, NULL)) == NULL)
		goto out;
	for (i = 0; i < 3; i++)
		bcast_strides(&v[i]->u.t, nd, shape, st[i]);
	for (k = 0; k < y->u.t.numel; k++) {
		struct pytensor c = v[0]->u.t;

		c.ndim = 0;
		c.offset = pyt_offset(c.offset, k, nd, shape, st[0]);
		i = pyt_geti(&c, 0) ? 1 : 2;
		where_copy(&y->u.t, &v[i]->u.t, st[i], k, k);
	}
	pyt_set_grad(y, "WhereBackward0", pyt_grad(v[1]) || pyt_grad(v[2]));
	y->deps = a[0]->deps | a[1]->deps | a[2]->deps;
out:
	for (i = 0; i < 3; i++)
		if (v[i] != NULL)
			py_decref(v[i]);
	return y;
}

struct pyobj *
lib_maximum(struct py_session *s, struct pyobj *x, struct pyobj *other, int is_min)
{
	struct pyobj *a[3] = { NULL, x, other }, *c = NULL, *nan = NULL, *y = NULL;

	if (other->type != PY_TENSOR)
		return py_fail(s, "%s(): argument 'other' (position 1) must be Tensor, not %s", is_min ? "min" : "max",
		    py_type_name(other));
	/* x where x >= other or x is NaN, else other: NaN wins, as in maximum */
	if ((c = op_binary(s, is_min ? B_LE : B_GE, x, other)) != NULL && (nan = op_binary(s, B_NE, x, x)) != NULL &&
	    (a[0] = op_binary(s, B_OR, c, nan)) != NULL && (y = torch_where(s, NULL, NULL, a)) != NULL)
		pyt_set_grad(y, is_min ? "MinimumBackward0" : "MaximumBackward0", pyt_grad(x) || pyt_grad(other));
	py_decref(c);
	py_decref(nan);
	py_decref(a[0]);
	return y;
}

/* a None-or-int option of set_printoptions into *v; 0, or -1 after an error */
static int
print_opt(struct py_session *s, const struct pyobj *o, const char *name, long long lo, long long hi, long long *v)
{
	if (o == NULL || o->type == PY_NONE)
		return 0;
	if (o->type == PY_FLOAT && isinf(o->u.f) && o->u.f > 0 && strcmp(name, "threshold") == 0) {
		*v = hi;
		return 0;
	}
	if (py_to_long(s, o, name, v) != 0)
		return -1;
	if (*v < lo || *v > hi) {
		py_fail(s, "set_printoptions(%s=%lld) is outside what is supported here (%lld to %lld)", name, *v, lo, hi);
		return -1;
	}
	return 0;
}

/* torch.set_printoptions(precision, threshold, edgeitems, linewidth, profile, sci_mode) */
static struct pyobj *
torch_set_printoptions(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	struct print_opts po = s->own_po_set ? s->own_po : *s->po;
	long long v[4] = { po.precision, po.threshold, po.edgeitems, po.linewidth };

	(void)b, (void)self;
	if (a[4] != NULL && a[4]->type != PY_NONE) {
		const char *p = a[4]->type == PY_STR ? a[4]->u.str.s : "";

		if (strcmp(p, "default") != 0 && strcmp(p, "short") != 0 && strcmp(p, "full") != 0)
			return py_fail(s, "set_printoptions(profile=...) takes 'default', 'short' or 'full'");
		v[0] = p[0] == 's' ? 2 : 4;
		v[1] = p[0] == 'f' ? LLONG_MAX : 1000;
		v[2] = p[0] == 's' ? 2 : 3;
		v[3] = 80;
	}
	if (print_opt(s, a[0], "precision", 0, PRINT_MAX_PRECISION, &v[0]) != 0 ||
	    print_opt(s, a[1], "threshold", 0, LLONG_MAX, &v[1]) != 0 ||
	    print_opt(s, a[2], "edgeitems", 1, 1000000, &v[2]) != 0 ||
	    print_opt(s, a[3], "linewidth", 1, 1000000, &v[3]) != 0)
		return NULL;
	po.precision = (int)v[0];
	po.threshold = v[1];
	po.edgeitems = (int)v[2];
	po.linewidth = (int)v[3];
	po.sci_mode = a[5] == NULL || a[5]->type == PY_NONE ? -1 : a[5]->type == PY_BOOL ? (int)a[5]->u.i : -2;
	if (po.sci_mode == -2)
		return py_fail(s, "set_printoptions(sci_mode=...) takes True, False or None");
	s->own_po = po;
	s->own_po_set = 1;
	s->po = &s->own_po;
	return py_none();
}

const struct builtin lib_misc_rows[] = {
	LIB_NS("torch"),
	{ "Tensor", torch_tensor_type, 0, "[def] *args", 0 },
	{ "set_printoptions", torch_set_printoptions, 0,
	  "[def] precision=None, threshold=None, edgeitems=None, linewidth=None, profile=None, sci_mode=None", 0 },
	{ "initial_seed", torch_initial_seed, 0, "[def]", 0 },
	{ "get_num_threads", torch_get_num_threads, 0, "[noargs torch.get_num_threads]", 0 },
	{ "set_num_threads", torch_set_num_threads, 0, "[meth_o torch.set_num_threads] int", 0 },
	{ "where", torch_where, 0, "condition | condition, input, other, *, ~out=None"
	  " | condition, ~self, other | condition, input, ~other | condition, ~self, ~other", LIB_VF | LIB_F64 },
	LIB_NS(""),
	{ "isinstance", builtin_isinstance, 0, "obj, class_or_tuple, /", 0 },
	{ "type", builtin_type, 0, "object", 0 },
	LIB_NS("Tensor"),
	{ "expand", method_expand, 0, "*size, ~implicit=False", LIB_F64 },
	LIB_END
};
