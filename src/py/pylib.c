/*
 * pylib.c - the names behind the dots: torch.*, torch.nn.*,
 * torch.nn.functional.*, math.*, Python's builtins (print, len, float),
 * a tensor's methods and attributes, and the modules (nn.Linear,
 * nn.Dropout, nn.Softmax) with their calls.  The entries are rows (struct
 * builtin) in the library's tables (lib.h), each naming its own C function and
 * its parameters; lib_reg.c finds a name's row, and here a call binds its
 * arguments (lib_bind.c) and runs the row's function.
 */
#include <string.h>

#include "lib.h"

/* a row without params but with its fn: a[0] the positional arguments (a tuple), a[1] the keywords (a dict) */
static struct pyobj *
raw_call(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **args, int nargs,
    char **kwnames, struct pyobj **kwargs, int nkw)
{
	struct pyobj *a[2], *r = NULL;
	int i;

	a[0] = py_seq(PY_TUPLE, nargs);
	for (i = 0; i < nargs; i++)
		py_incref(a[0]->u.seq.v[i] = args[i]);
	a[1] = dict_new();
	for (i = 0; i < nkw; i++) {
		struct pyobj *k = py_str(kwnames[i], strlen(kwnames[i]));

		dict_set(s, a[1], k, kwargs[i]);
		py_decref(k);
	}
	r = b->fn(s, b, self, a);
	py_decref(a[0]);
	py_decref(a[1]);
	return r;
}

struct pyobj *
lib_call(struct py_session *s, struct pyobj *f, struct pyobj **args, int nargs, char **kwnames,
    struct pyobj **kwargs, int nkw)
{
	const struct builtin *b = f->u.fn.fn;
	struct pyobj *a[LIB_MAXARGS], *rest = NULL, *self = f->u.fn.self, *r;
	unsigned deps = 0;
	int i;

	if (b->params == NULL && b->fn == NULL)	/* str.format: its arguments as given */
		return str_format(s, self, args, nargs, kwnames, kwargs, nkw);
	if (b->params == NULL)	/* a raw row (dict, dict.update): a tuple of the positional ones, a dict of the keywords */
		return raw_call(s, b, self, args, nargs, kwnames, kwargs, nkw);
	for (i = 0; i < LIB_MAXARGS; i++)
		a[i] = NULL;
	if (lib_bind(s, b, args, nargs, kwnames, kwargs, nkw, a, &rest) != 0) {
		py_decref(rest);
		return NULL;
	}
	if (f64_check_call(s, b, self, a, LIB_MAXARGS) != 0) {
		py_decref(rest);
		return NULL;
	}
	if (b->flags & LIB_SELF_FIRST) {	/* torch.f(x, ...): x.f(...) */
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
	if (mod->kind == MOD_EMBED)
		return embed_forward(s, m, x);
	if (x->type != PY_TENSOR)
		return py_fail(s, mod->kind == MOD_LINEAR ? "linear(): argument 'input' (position 1) must be Tensor, not %s" :
		    "%s(): argument 'input' (position 1) must be Tensor, not %s",
		    mod->kind == MOD_LINEAR ? py_type_name(x) : mod->kind == MOD_DROPOUT ? "dropout" : "softmax",
		    py_type_name(x));
	switch (mod->kind) {
	case MOD_LINEAR:
		r = op_linear(s, x, mod->weight, mod->bias);
		break;
	case MOD_DROPOUT:	/* in eval mode, x itself (as F.dropout(x, p, training=False)) */
		if (mod->eval)
			py_incref(x);
		r = mod->eval ? x : mod->inplace ? op_dropout_inplace(s, x, mod->p) : op_dropout(s, x, mod->p);
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
lib_bound(struct pyobj *self, const char *ns, const char *name)
{
	const struct builtin *b = lib_find(ns, name);

	return b != NULL ? py_func(b, self) : NULL;
}

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
		r = py_func(b, x);
	} else {
		return py_fail(s, "'%s' object has no attribute '%s'", t->parameter ? "Parameter" : "Tensor", name);
	}
	if (r != NULL)
		r->deps |= x->deps;
	return r;
}
