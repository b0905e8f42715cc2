/*
 * lib_sort.c - ordering a sequence as Python does: sorted(), list.sort()
 * (stable, by `<` alone, key= and reverse= as CPython's listsort: the
 * reverse sort is the list reversed, sorted stably and reversed back) and
 * reversed().  Under 64 items the comparisons are CPython's own, in its
 * order (count_run, then binary insertion), so a mixed list fails on the
 * pair Python names; longer lists merge, which gives the same order.
 */
#include <stdlib.h>
#include <string.h>

#include "lib.h"

/* a < b as Python's sort asks it: 1, 0, or -1 after an error */
static int
less(struct py_session *s, struct pyobj *a, struct pyobj *b)
{
	struct pyobj *r = arith_compare(s, O_LT, a, b);
	int t;

	if (r == NULL)
		return -1;
	if (op_truth(s, r, &t) != 0)
		t = -1;
	py_decref(r);
	return t;
}

/* the items of one sort: keys (the items themselves without key=) and the items, moved together */
struct sorting {
	struct pyobj **k, **v;
};

static void
swap_range(struct sorting *so, int lo, int hi)	/* reverse [lo, hi) */
{
	struct pyobj *t;

	for (hi--; lo < hi; lo++, hi--) {
		t = so->k[lo], so->k[lo] = so->k[hi], so->k[hi] = t;
		t = so->v[lo], so->v[lo] = so->v[hi], so->v[hi] = t;
	}
}

/* CPython's count_run: the run at the start, a strictly descending one reversed; -1 after an error */
static int
count_run(struct py_session *s, struct sorting *so, int n)
{
	int i = 1, lt;

	if (n < 2)
		return n;
	if ((lt = less(s, so->k[1], so->k[0])) < 0)
		return -1;
	for (i = 2; i < n; i++) {
		int l = less(s, so->k[i], so->k[i - 1]);

		if (l < 0)
			return -1;
		if (l != lt)
			break;
	}
	if (lt)
		swap_range(so, 0, i);
	return i;
}

/* CPython's binarysort: [0, start) sorted, the rest inserted one by one */
static int
binary_sort(struct py_session *s, struct sorting *so, int start, int n)
{
	for (; start < n; start++) {
		struct pyobj *pk = so->k[start], *pv = so->v[start];
		int l = 0, r = start, p, lt;

		do {
			p = l + ((r - l) >> 1);
			if ((lt = less(s, pk, so->k[p])) < 0)
				return -1;
			if (lt)
				r = p;
			else
				l = p + 1;
		} while (l < r);
		memmove(so->k + l + 1, so->k + l, (size_t)(start - l) * sizeof *so->k);
		memmove(so->v + l + 1, so->v + l, (size_t)(start - l) * sizeof *so->v);
		so->k[l] = pk, so->v[l] = pv;
	}
	return 0;
}

/* stable merge sort of [lo, hi) through tmp (two arrays of n): for 64 items and more */
static int
merge_sort(struct py_session *s, struct sorting *so, struct sorting *tmp, int lo, int hi)
{
	int mid = lo + (hi - lo) / 2, i, j, o, lt;

	if (hi - lo < 2)
		return 0;
	if (merge_sort(s, so, tmp, lo, mid) != 0 || merge_sort(s, so, tmp, mid, hi) != 0)
		return -1;
	for (i = lo, j = mid, o = lo; i < mid || j < hi; o++) {
		lt = 0;
		if (i < mid && j < hi && (lt = less(s, so->k[j], so->k[i])) < 0)
			return -1;
		if (j < hi && (i == mid || lt))
			tmp->k[o] = so->k[j], tmp->v[o] = so->v[j++];
		else
			tmp->k[o] = so->k[i], tmp->v[o] = so->v[i++];
	}
	memcpy(so->k + lo, tmp->k + lo, (size_t)(hi - lo) * sizeof *so->k);
	memcpy(so->v + lo, tmp->v + lo, (size_t)(hi - lo) * sizeof *so->v);
	return 0;
}

/*
 * Sorts list l (a PY_LIST) in place, as list.sort(key=key, reverse=rev):
 * the keys first, in order; on an error the items stay, in some order, as
 * in CPython.  0, or -1.
 */
static int
sort_list(struct py_session *s, struct pyobj *l, struct pyobj *key, int rev)
{
	int n = l->u.seq.n, i, rc = 0;
	struct sorting so, tmp;

	so.v = l->u.seq.v;
	so.k = xmalloc((size_t)(n > 0 ? n : 1) * sizeof *so.k);
	for (i = 0; i < n; i++) {
		if (key == NULL) {
			so.k[i] = so.v[i];
			py_incref(so.k[i]);
		} else if ((so.k[i] = s->call_value(s, key, &so.v[i], 1, NULL, NULL, 0)) == NULL) {
			n = i;
			rc = -1;
			break;
		}
	}
	if (rc == 0 && rev)
		swap_range(&so, 0, n);
	if (rc == 0 && n < 64) {
		if ((i = count_run(s, &so, n)) < 0 || binary_sort(s, &so, i, n) != 0)
			rc = -1;
	} else if (rc == 0) {
		tmp.k = xmalloc((size_t)n * sizeof *tmp.k);
		tmp.v = xmalloc((size_t)n * sizeof *tmp.v);
		rc = merge_sort(s, &so, &tmp, 0, n);
		free(tmp.k);
		free(tmp.v);
	}
	if (rc == 0 && rev)
		swap_range(&so, 0, n);
	for (i = 0; i < n; i++)
		py_decref(so.k[i]);
	free(so.k);
	return rc;
}

/* key=None: no key; else the callable */
static struct pyobj *
key_of(struct pyobj *k)
{
	return k == NULL || k->type == PY_NONE ? NULL : k;
}

/* reverse=: an int or bool (CPython's bool(accept={int})) */
static int
reverse_of(struct py_session *s, struct pyobj *r, int *out)
{
	*out = 0;
	if (r == NULL)
		return 0;
	if (!py_is_int(r))
		return py_fail(s, "TypeError: '%s' object cannot be interpreted as an integer", py_type_name(r)), -1;
	*out = r->u.i != 0;
	return 0;
}

/* list.sort(*, key=None, reverse=False); a[0] the positional arguments (none allowed) */
struct pyobj *
list_sort(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	int rev;

	(void)b;
	if (a[0]->u.seq.n > 0)
		return py_fail(s, "TypeError: sort() takes no positional arguments");
	if (reverse_of(s, a[2], &rev) != 0 || sort_list(s, self, key_of(a[1]), rev) != 0)
		return NULL;
	return py_none();
}

/* a new list of o's items (backwards: last first), or NULL after o's error: the new sequence of
 * py_iter_items made a list, as list(o) makes it, and reversed in place */
static struct pyobj *
list_of(struct py_session *s, struct pyobj *o, int backwards)
{
	struct pyobj *l, *t;
	int i, n;

	if ((l = py_iter_items(s, o)) == NULL)
		return NULL;
	l->type = PY_LIST;
	for (i = 0, n = l->u.seq.n; backwards && i < n / 2; i++) {
		t = l->u.seq.v[i];
		l->u.seq.v[i] = l->u.seq.v[n - 1 - i];
		l->u.seq.v[n - 1 - i] = t;
	}
	return l;
}

/* sorted(iterable, /, *, key=None, reverse=False): a new list; a[0] the positional arguments */
struct pyobj *
builtin_sorted(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	struct pyobj *l;
	int rev;

	(void)b, (void)self;
	if (a[0]->u.seq.n != 1)
		return py_fail(s, "TypeError: sorted expected 1 argument, got %d", a[0]->u.seq.n);
	if (reverse_of(s, a[2], &rev) != 0 || (l = list_of(s, a[0]->u.seq.v[0], 0)) == NULL)
		return NULL;
	if (sort_list(s, l, key_of(a[1]), rev) != 0) {
		py_decref(l);
		return NULL;
	}
	return l;
}

/* reversed(seq): the items of a list, tuple, str, range or torch.Size, last first, as a list */
struct pyobj *
builtin_reversed(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	struct pyobj *o;

	(void)b, (void)self;
	if (a[0]->u.seq.n != 1)
		return py_fail(s, "TypeError: reversed expected 1 argument, got %d", a[0]->u.seq.n);
	o = a[0]->u.seq.v[0];
	if (o->type == PY_TENSOR)
		return py_fail(s, "reversed() of a tensor is not supported here: use x.flip(0)");
	if (o->type != PY_LIST && o->type != PY_TUPLE && o->type != PY_STR && o->type != PY_RANGE &&
	    o->type != PY_SIZE)
		return py_fail(s, "TypeError: '%s' object is not reversible", py_type_name(o));
	return list_of(s, o, 1);
}
