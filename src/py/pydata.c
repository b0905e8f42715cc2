/*
 * pydata.c - Python data into tensors and back: torch.tensor(data) from
 * nested lists of numbers (its shape, dtype and messages as PyTorch's),
 * x.tolist(), x.item() and bool(x); a dict's pairs (lookup by Python's key
 * equality, d[k], d[k] = v, del d[k]; its methods are lib_dict.c's).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pyint.h"

#define TOO_BIG "the result is too large (more than %zu elements)"

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
		w->kind = w->kind > dtype_rank(o->u.t.dtype) ? w->kind : dtype_rank(o->u.t.dtype);
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
	else if (t->dtype == DT_DOUBLE)
		((double *)t->st->data)[(*i)++] = o->type == PY_INT ? (double)o->u.i : v;
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
	/* float data for a float64 tensor: read as doubles, never through float32 */
	tmp = pyt_empty(w.kind == 0 ? DT_BOOL : w.kind == 1 ? DT_INT64 : w.kind == 3 || dtype == DT_DOUBLE ? DT_DOUBLE :
	    DT_FLOAT, w.nd, w.shape);
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
	switch (t->dtype) {	/* NULL when malloc refuses: the caller unwinds */
	case DT_FLOAT:
	case DT_DOUBLE: return py_number_try(PY_FLOAT, pyt_get(t, i), 0);
	case DT_INT64: return py_number_try(PY_INT, 0, pyt_geti(t, i));
	default: return py_number_try(PY_BOOL, 0, pyt_get(t, i) != 0);
	}
}

static struct pyobj *
tolist_at(const struct pytensor *t, int dim, size_t *i)
{
	struct pyobj *l;
	int k;

	if (dim == t->ndim)
		return scalar_of(t, (*i)++);
	if ((l = py_seq_try(PY_LIST, t->shape[dim])) == NULL)
		return NULL;
	for (k = 0; k < t->shape[dim]; k++)
		if ((l->u.seq.v[k] = tolist_at(t, dim + 1, i)) == NULL) {
			py_decref(l);	/* what was made goes back: the session goes on */
			return NULL;
		}
	return l;
}

struct pyobj *
op_tolist(struct py_session *s, struct pyobj *x)
{
	size_t i = 0;
	struct pyobj *l;

	if ((l = tolist_at(&x->u.t, 0, &i)) == NULL)	/* Python: MemoryError */
		return py_fail(s, "MemoryError: out of memory making tolist()'s %zu numbers", x->u.t.numel);
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
	case PY_TUPLE: case PY_LIST: case PY_SIZE: case PY_DVIEW: *out = o->u.seq.n > 0; return 0;
	case PY_DICT: *out = o->u.dict.n > 0; return 0;
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

/*
 * ---- a dict's pairs (PY_DICT; its methods: lib_dict.c) ----
 * In insertion order, found by key equality as Python's (1, 1.0 and True
 * one key; a str by its bytes; a tuple item by item; anything else hashable
 * by identity: a tensor, a module); unhashable keys (list, dict, slice, a
 * tuple holding one) refused with Python's TypeError.  Lookups walk the
 * pairs (a learner's dicts are small).
 */

struct pyobj *
dict_new(void)
{
	return py_new(PY_DICT);
}

/* 0 when k can be a key, else -1 after Python's "unhashable type" */
int
dict_hashable(struct py_session *s, const struct pyobj *k)
{
	int i;

	switch (k->type) {
	case PY_LIST: case PY_DICT: case PY_SLICE: case PY_DVIEW:
		py_fail(s, "TypeError: unhashable type: '%s'", py_type_name(k));
		return -1;
	case PY_TUPLE: case PY_SIZE:
		for (i = 0; i < k->u.seq.n; i++)
			if (dict_hashable(s, k->u.seq.v[i]) != 0)
				return -1;
		return 0;
	default:
		return 0;
	}
}

/* two hashable keys the same key: identity, then Python's == of numbers, strings, tuples */
static int
key_eq(const struct pyobj *a, const struct pyobj *b)
{
	int i, r;

	if (a == b)
		return 1;
	if ((r = py_atom_equal(a, b)) >= 0)
		return r;
	if ((a->type != PY_TUPLE && a->type != PY_SIZE) || (b->type != PY_TUPLE && b->type != PY_SIZE) ||
	    a->u.seq.n != b->u.seq.n)
		return 0;
	for (i = 0; i < a->u.seq.n; i++)
		if (!key_eq(a->u.seq.v[i], b->u.seq.v[i]))
			return 0;
	return 1;
}

/* the pair of key k: its index, -1 when none, -2 after an unhashable k */
int
dict_find(struct py_session *s, const struct pyobj *d, const struct pyobj *k)
{
	int i;

	if (dict_hashable(s, k) != 0)
		return -2;
	for (i = 0; i < d->u.dict.n; i++)
		if (key_eq(d->u.dict.kv[2 * i], k))
			return i;
	return -1;
}

/* d[k] = v (references taken of both); 0, or -1 after an unhashable k */
int
dict_set(struct py_session *s, struct pyobj *d, struct pyobj *k, struct pyobj *v)
{
	int i = dict_find(s, d, k);

	if (i == -2)
		return -1;
	py_incref(v);
	if (i >= 0) {	/* the first key stays, as Python's */
		py_decref(d->u.dict.kv[2 * i + 1]);
		d->u.dict.kv[2 * i + 1] = v;
		return 0;
	}
	if (d->u.dict.n == d->u.dict.cap) {
		d->u.dict.cap = d->u.dict.cap ? 2 * d->u.dict.cap : 8;
		d->u.dict.kv = xrealloc(d->u.dict.kv, (size_t)d->u.dict.cap * 2 * sizeof *d->u.dict.kv);
	}
	py_incref(k);
	d->u.dict.kv[2 * d->u.dict.n] = k;
	d->u.dict.kv[2 * d->u.dict.n + 1] = v;
	d->u.dict.n++;
	return 0;
}

/* KeyError: repr(k), as Python's; NULL */
void *
dict_key_error(struct py_session *s, const struct pyobj *k)
{
	return py_fail_repr(s, "KeyError: %s", k);
}

/* d[k] (a new reference), or NULL after KeyError / unhashable */
struct pyobj *
dict_get(struct py_session *s, const struct pyobj *d, const struct pyobj *k)
{
	int i = dict_find(s, d, k);

	if (i == -2)
		return NULL;
	if (i == -1)
		return dict_key_error(s, k);
	py_incref(d->u.dict.kv[2 * i + 1]);
	return d->u.dict.kv[2 * i + 1];
}

/* the pair i taken out: its value (the caller's reference) */
struct pyobj *
dict_cut(struct pyobj *d, int i)
{
	struct pyobj *v = d->u.dict.kv[2 * i + 1];

	py_decref(d->u.dict.kv[2 * i]);
	memmove(d->u.dict.kv + 2 * i, d->u.dict.kv + 2 * i + 2, (size_t)(d->u.dict.n - i - 1) * 2 * sizeof *d->u.dict.kv);
	d->u.dict.n--;
	return v;
}

/* del d[k]: 0, or -1 after KeyError */
int
dict_del(struct py_session *s, struct pyobj *d, const struct pyobj *k)
{
	int i = dict_find(s, d, k);

	if (i == -2)
		return -1;
	if (i == -1)
		return dict_key_error(s, k), -1;
	py_decref(dict_cut(d, i));
	return 0;
}
