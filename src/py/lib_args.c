/*
 * lib_args.c - the checks of one argument (a tensor, a bool, dims, a dtype,
 * requires_grad) the rows share, each with PyTorch's message; binding a
 * call's arguments to a row's parameters is lib_bind.c's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib.h"

struct pyobj *
lib_need_tensor(struct py_session *s, const struct builtin *b, struct pyobj *o, const char *arg, int pos)
{
	if (o != NULL && o->type == PY_TENSOR)
		return o;
	return py_fail(s, "%s(): argument '%s' (position %d) must be Tensor, not %s", b->name, arg,
	    pos + ((b->flags & LIB_SELF_FIRST) != 0), o ? py_type_name(o) : "NoneType");	/* torch.f(x, ...): x is 1 */
}

/* o as bool (None/absent: dflt) */
int
lib_flag(struct py_session *s, const struct builtin *b, struct pyobj *o, const char *arg, int dflt, int *out)
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
int
lib_dims(struct py_session *s, const struct builtin *b, struct pyobj *o, int ndim, unsigned *dims, int *has)
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

int
lib_dtype(struct py_session *s, const struct builtin *b, struct pyobj *o, int *dt)
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

struct pyobj *
lib_with_grad(struct pyobj *t, struct py_session *s, const struct builtin *b, struct pyobj *rg)
{
	int r;

	if (t == NULL)
		return NULL;
	if (lib_flag(s, b, rg, "requires_grad", 0, &r) != 0) {
		py_decref(t);
		return NULL;
	}
	if (r) {
		if (t->u.t.dtype != DT_FLOAT && t->u.t.dtype != DT_DOUBLE) {
			py_decref(t);
			return py_fail(s, "Only Tensors of floating point and complex dtype can require gradients");
		}
		t->u.t.requires_grad = 1;
	}
	return t;
}

int
lib_check_p(struct py_session *s, const struct pyobj *given, double p)
{
	if (!(p < 0 || p > 1))	/* NaN passes, as in PyTorch */
		return 0;
	py_fail_repr(s, "dropout probability has to be between 0 and 1, but got %s", given);	/* Python's repr */
	return -1;
}

void
lib_fill(struct pyobj *t, double v)
{
	size_t i, n = t->u.t.st->n;

	for (i = 0; i < n; i++)
		pyt_store(&t->u.t, i, v);
}

struct rng *
lib_rng(struct py_session *s, const struct builtin *b, struct pyobj *g)
{
	if (g == NULL || g->type == PY_NONE)
		return &s->rng;
	if (g->type == PY_RNG)
		return g->u.rng;
	py_fail(s, "%s(): argument 'generator' must be torch.Generator, not %s", b->name, py_type_name(g));
	return NULL;
}

struct pyobj *
lib_seed_int(struct py_session *s, uint64_t seed)
{
	if (seed > (uint64_t)INT64_MAX)
		return py_fail(s, "integer overflow (integers here are 64-bit): the seed is %llu", (unsigned long long)seed);
	return py_int((long long)seed);
}
