/*
 * lib_dict.c - Python's dict (PY_DICT): its pairs in insertion order,
 * found by key equality as Python's (1, 1.0 and True one key; a str by its
 * bytes; a tuple item by item; anything else hashable by identity: a
 * tensor, a module), unhashable keys (list, dict, slice, a tuple holding
 * one) refused with Python's TypeError; d[k] and KeyError, d[k] = v,
 * del d[k], `in`; the methods keys, values, items (PY_DVIEW: a tuple of them
 * as they are when asked), get, update, pop, setdefault, copy, clear; and
 * the builtin dict(mapping or pairs, **kwargs).  Lookups walk the pairs
 * (a learner's dicts are small).
 */
#include <stdlib.h>
#include <string.h>

#include "lib.h"

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

static int
is_num(const struct pyobj *o)
{
	return o->type == PY_BOOL || o->type == PY_INT || o->type == PY_FLOAT;
}

/* two hashable keys the same key: identity, then Python's == of numbers, strings, tuples */
static int
key_eq(const struct pyobj *a, const struct pyobj *b)
{
	int i;

	if (a == b)
		return 1;
	if (is_num(a) && is_num(b)) {
		if (a->type != PY_FLOAT && b->type != PY_FLOAT)
			return a->u.i == b->u.i;
		return (a->type == PY_FLOAT ? a->u.f : (double)a->u.i) == (b->type == PY_FLOAT ? b->u.f : (double)b->u.i);
	}
	if ((a->type == PY_TUPLE || a->type == PY_SIZE) && (b->type == PY_TUPLE || b->type == PY_SIZE)) {
		if (a->u.seq.n != b->u.seq.n)
			return 0;
		for (i = 0; i < a->u.seq.n; i++)
			if (!key_eq(a->u.seq.v[i], b->u.seq.v[i]))
				return 0;
		return 1;
	}
	if (a->type != b->type)
		return 0;
	switch (a->type) {
	case PY_NONE: case PY_ELLIPSIS: return 1;
	case PY_STR: return a->u.str.len == b->u.str.len && memcmp(a->u.str.s, b->u.str.s, a->u.str.len) == 0;
	case PY_DTYPE: return a->u.i == b->u.i;
	case PY_NS: return strcmp(a->u.ns, b->u.ns) == 0;
	default: return 0;
	}
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
static void *
key_error(struct py_session *s, const struct pyobj *k)
{
	struct sbuf r = { 0 };

	py_repr(&r, k, s->po);
	py_fail(s, "KeyError: %s", r.s ? r.s : "");
	free(r.s);
	return NULL;
}

/* d[k] (a new reference), or NULL after KeyError / unhashable */
struct pyobj *
dict_get(struct py_session *s, const struct pyobj *d, const struct pyobj *k)
{
	int i = dict_find(s, d, k);

	if (i == -2)
		return NULL;
	if (i == -1)
		return key_error(s, k);
	py_incref(d->u.dict.kv[2 * i + 1]);
	return d->u.dict.kv[2 * i + 1];
}

/* the pair i taken out: its value (the caller's reference) */
static struct pyobj *
cut(struct pyobj *d, int i)
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
		return key_error(s, k), -1;
	py_decref(cut(d, i));
	return 0;
}

/* d's keys (op 0), values (1) or (key, value) pairs (2) as a new tuple */
struct pyobj *
dict_items(const struct pyobj *d, int op)
{
	struct pyobj *r = py_seq(PY_TUPLE, d->u.dict.n), *p;
	int i;

	for (i = 0; i < d->u.dict.n; i++) {
		if (op < 2) {
			p = d->u.dict.kv[2 * i + op];
			py_incref(p);
		} else {
			p = py_seq(PY_TUPLE, 2);
			py_incref(p->u.seq.v[0] = d->u.dict.kv[2 * i]);
			py_incref(p->u.seq.v[1] = d->u.dict.kv[2 * i + 1]);
		}
		r->u.seq.v[i] = p;
	}
	return r;
}

/* d updated from src: a dict's pairs, or an iterable of pairs (Python's messages); 0 or -1 */
static int
dict_merge(struct py_session *s, struct pyobj *d, struct pyobj *src)
{
	struct pyobj *items;
	int i, r = 0;

	if (src->type == PY_DICT) {
		for (i = 0; i < src->u.dict.n && r == 0; i++)
			r = dict_set(s, d, src->u.dict.kv[2 * i], src->u.dict.kv[2 * i + 1]);
		return r;
	}
	if ((items = py_iter_items(s, src)) == NULL)
		return -1;
	for (i = 0; i < items->u.seq.n && r == 0; i++) {
		struct pyobj *p = items->u.seq.v[i], *kv;

		if (p->type == PY_TUPLE || p->type == PY_LIST || p->type == PY_SIZE) {
			kv = p;
			py_incref(kv);
		} else if (p->type == PY_STR || p->type == PY_RANGE || p->type == PY_GEN || p->type == PY_TENSOR ||
		    p->type == PY_DICT || p->type == PY_DVIEW) {
			if ((kv = py_iter_items(s, p)) == NULL) {
				r = -1;
				break;
			}
		} else {
			py_fail(s, "TypeError: cannot convert dictionary update sequence element #%d to a sequence", i);
			r = -1;
			break;
		}
		r = -1;
		if (kv->u.seq.n != 2)
			py_fail(s, "ValueError: dictionary update sequence element #%d has length %d; 2 is required",
			    i, kv->u.seq.n);
		else
			r = dict_set(s, d, kv->u.seq.v[0], kv->u.seq.v[1]);
		py_decref(kv);
	}
	py_decref(items);
	return r;
}

/* the keywords of a raw call (a[1], a dict) into d */
static int
merge_kw(struct py_session *s, struct pyobj *d, struct pyobj *kw)
{
	return kw != NULL && kw->u.dict.n > 0 ? dict_merge(s, d, kw) : 0;
}

/* dict(), dict(mapping or iterable), dict(**kwargs): a raw row, a[0] its positional tuple, a[1] its keywords */
static struct pyobj *
builtin_dict(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	struct pyobj *d;

	(void)b, (void)self;
	if (a[0]->u.seq.n > 1)
		return py_fail(s, "TypeError: dict expected at most 1 argument, got %d", a[0]->u.seq.n);
	d = dict_new();
	if ((a[0]->u.seq.n == 1 && dict_merge(s, d, a[0]->u.seq.v[0]) != 0) || merge_kw(s, d, a[1]) != 0) {
		py_decref(d);
		return NULL;
	}
	return d;
}

/* d.update([other], **kwargs): a raw row */
static struct pyobj *
dict_update(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	(void)b;
	if (a[0]->u.seq.n > 1)
		return py_fail(s, "TypeError: update expected at most 1 argument, got %d", a[0]->u.seq.n);
	if ((a[0]->u.seq.n == 1 && dict_merge(s, self, a[0]->u.seq.v[0]) != 0) || merge_kw(s, self, a[1]) != 0)
		return NULL;
	return py_none();
}

/* keys() (op 0), values() (1), items() (2): a view of the pairs as they are now */
static struct pyobj *
dict_view(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	static const char *const names[] = { "dict_keys", "dict_values", "dict_items" };
	struct pyobj *r = dict_items(self, b->op);

	(void)s, (void)a;
	r->type = PY_DVIEW;
	r->u.seq.name = names[b->op];
	return r;
}

/* get(key, default=None) (op 0), pop(key[, default]) (1), setdefault(key, default=None) (2) */
static struct pyobj *
dict_lookup(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	int i = dict_find(s, self, a[0]);
	struct pyobj *v;

	if (i == -2)
		return NULL;
	if (i >= 0) {
		if (b->op == 1)
			return cut(self, i);
		py_incref(v = self->u.dict.kv[2 * i + 1]);
		return v;
	}
	if (b->op == 1 && a[1] == NULL)
		return key_error(s, a[0]);
	v = a[1] != NULL ? a[1] : py_none();
	if (a[1] != NULL)
		py_incref(v);
	if (b->op == 2 && dict_set(s, self, a[0], v) != 0) {
		py_decref(v);
		return NULL;
	}
	return v;
}

/* copy() (op 0), clear() (op 1) */
static struct pyobj *
dict_whole(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	struct pyobj *r;

	(void)a;
	if (b->op == 0) {
		r = dict_new();
		if (dict_merge(s, r, self) != 0) {
			py_decref(r);
			return NULL;
		}
		return r;
	}
	while (self->u.dict.n > 0)
		py_decref(cut(self, self->u.dict.n - 1));
	return py_none();
}

const struct builtin lib_dict_rows[] = {
	LIB_NS(""),
	{ "dict", builtin_dict, 0, NULL, 0 },
	LIB_NS("dict"),
	{ "keys", dict_view, 0, "[noargs dict.keys] /", 0 },
	{ "values", dict_view, 1, "[noargs dict.values] /", 0 },
	{ "items", dict_view, 2, "[noargs dict.items] /", 0 },
	{ "get", dict_lookup, 0, "[checkpos get] key, default=None, /", 0 },
	{ "pop", dict_lookup, 1, "[checkpos pop] key, default=None, /", 0 },
	{ "setdefault", dict_lookup, 2, "[checkpos setdefault] key, default=None, /", 0 },
	{ "update", dict_update, 0, NULL, 0 },
	{ "copy", dict_whole, 0, "[noargs dict.copy] /", 0 },
	{ "clear", dict_whole, 1, "[noargs dict.clear] /", 0 },
	LIB_END
};
