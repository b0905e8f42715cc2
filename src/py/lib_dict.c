/*
 * lib_dict.c - Python's dict (PY_DICT; its pairs: pydata.c): the methods keys, values, items (PY_DVIEW: a tuple of them
 * as they are when asked), get, update, pop, setdefault, copy, clear; and
 * the builtin dict(mapping or pairs, **kwargs).  The pairs themselves
 * (lookup, d[k], d[k] = v, del) are pydata.c's.
 */
#include <stdlib.h>
#include <string.h>

#include "lib.h"

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
struct pyobj *
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
struct pyobj *
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
struct pyobj *
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
struct pyobj *
dict_lookup(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	int i = dict_find(s, self, a[0]);
	struct pyobj *v;

	if (i == -2)
		return NULL;
	if (i >= 0) {
		if (b->op == 1)
			return dict_cut(self, i);
		py_incref(v = self->u.dict.kv[2 * i + 1]);
		return v;
	}
	if (b->op == 1 && a[1] == NULL)
		return dict_key_error(s, a[0]);
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
struct pyobj *
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
		py_decref(dict_cut(self, self->u.dict.n - 1));
	return py_none();
}
