/*
 * lib_list.c - a list's methods (the rows of "list" in lib_builtins.c,
 * bound to the list by pynames.c): append, extend, insert, pop, remove, index, count, reverse,
 * copy, clear, each changing the list in place as Python's do (every name
 * bound to it sees the change), with Python 3.11's errors; and `l += xs`
 * (list_extend, pyeval.c's augmented assignment), which extends in place.
 */
#include <stdlib.h>
#include <string.h>

#include "lib.h"

/* room for n more items */
static void
grow(struct pyobj *l, int n)
{
	l->u.seq.v = xrealloc(l->u.seq.v, (size_t)(l->u.seq.n + n + 1) * sizeof *l->u.seq.v);
}

/* l.insert(at, v) with at already within 0..n; v's reference is taken */
static void
put(struct pyobj *l, int at, struct pyobj *v)
{
	grow(l, 1);
	memmove(l->u.seq.v + at + 1, l->u.seq.v + at, (size_t)(l->u.seq.n - at) * sizeof *l->u.seq.v);
	l->u.seq.v[at] = v;
	l->u.seq.n++;
}

/* l[at] taken out (its reference goes to the caller), the items after it moved down */
static struct pyobj *
cut(struct pyobj *l, int at)
{
	struct pyobj *v = l->u.seq.v[at];

	memmove(l->u.seq.v + at, l->u.seq.v + at + 1, (size_t)(l->u.seq.n - at - 1) * sizeof *l->u.seq.v);
	l->u.seq.n--;
	return v;
}

int
list_extend(struct py_session *s, struct pyobj *l, struct pyobj *xs)
{
	struct pyobj *items = py_iter_items(s, xs);
	int i;

	if (items == NULL)
		return -1;
	grow(l, items->u.seq.n);
	for (i = 0; i < items->u.seq.n; i++) {
		py_incref(items->u.seq.v[i]);
		l->u.seq.v[l->u.seq.n++] = items->u.seq.v[i];
	}
	py_decref(items);
	return 0;
}

/* append(object) (op 0), extend(iterable) (op 1), insert(index, object) (op 2) */
struct pyobj *
list_grow(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	long long k, n = self->u.seq.n;

	if (b->op == 1)
		return list_extend(s, self, a[0]) != 0 ? NULL : py_none();
	if (b->op == 0) {
		py_incref(a[0]);
		put(self, self->u.seq.n, a[0]);
		return py_none();
	}
	if (lib_need_index(s, a[0], &k) != 0)
		return NULL;
	if (k < 0)
		k = k + n < 0 ? 0 : k + n;
	py_incref(a[1]);
	put(self, (int)(k > n ? n : k), a[1]);
	return py_none();
}

/* pop(index=-1) */
struct pyobj *
list_pop(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	long long k = -1, n = self->u.seq.n;

	(void)b;
	if (a[0] != NULL && lib_need_index(s, a[0], &k) != 0)
		return NULL;
	if (n == 0)
		return py_fail(s, "IndexError: pop from empty list");
	if (k < 0)
		k += n;
	if (k < 0 || k >= n)
		return py_fail(s, "IndexError: pop index out of range");
	return cut(self, (int)k);
}

/* the first i in [from, to) where l[i] is x or == x; -1 when none; -2 after an error */
static int
find(struct py_session *s, struct pyobj *l, struct pyobj *x, long long from, long long to)
{
	long long i;
	int eq;

	for (i = from; i < to && i < l->u.seq.n; i++) {
		struct pyobj *c;

		if (l->u.seq.v[i] == x)
			return (int)i;
		if ((c = arith_compare(s, O_EQ, l->u.seq.v[i], x)) == NULL)
			return -2;
		if (op_truth(s, c, &eq) != 0) {
			py_decref(c);
			return -2;
		}
		py_decref(c);
		if (eq)
			return (int)i;
	}
	return -1;
}

/* index(value, start=0, stop=len) (op 0), remove(value) (op 1), count(value) (op 2) */
struct pyobj *
list_find(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	long long n = self->u.seq.n, ends[2] = { 0, n };
	int k, j, c = 0;

	for (j = 0; j < 2; j++)
		if (b->op == 0 && a[1 + j] != NULL) {
			if (lib_need_index(s, a[1 + j], &ends[j]) != 0)
				return NULL;
			if (ends[j] < 0)
				ends[j] = ends[j] + n < 0 ? 0 : ends[j] + n;
		}
	if (b->op == 2) {
		for (k = 0; (k = find(s, self, a[0], k, n)) >= 0; k++)
			c++;
		return k == -2 ? NULL : py_int(c);
	}
	if ((k = find(s, self, a[0], ends[0], ends[1])) == -2)
		return NULL;
	if (k == -1 && b->op == 1)
		return py_fail(s, "ValueError: list.remove(x): x not in list");
	if (k == -1)
		return py_fail_repr(s, "ValueError: %s is not in list", a[0]);
	if (b->op == 0)
		return py_int(k);
	py_decref(cut(self, k));
	return py_none();
}

/* reverse() (op 0), copy() (op 1), clear() (op 2) */
struct pyobj *
list_whole(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	int i, n = self->u.seq.n;
	struct pyobj *r;

	(void)s, (void)a;
	if (b->op == 1) {
		r = py_seq(PY_LIST, n);
		for (i = 0; i < n; i++) {
			py_incref(self->u.seq.v[i]);
			r->u.seq.v[i] = self->u.seq.v[i];
		}
		return r;
	}
	for (i = 0; i < n / 2 && b->op == 0; i++) {
		r = self->u.seq.v[i];
		self->u.seq.v[i] = self->u.seq.v[n - 1 - i];
		self->u.seq.v[n - 1 - i] = r;
	}
	if (b->op == 2) {
		self->u.seq.n = 0;
		for (i = 0; i < n; i++)
			py_decref(self->u.seq.v[i]);
	}
	return py_none();
}
