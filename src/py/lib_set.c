/*
 * lib_set.c - Python's set(iterable), read-only: its distinct items in
 * the order CPython 3.11 iterates them (setobject.c: a table of 8 slots
 * and up, each item at hash & mask with 9 linear probes then the
 * perturbed jump, the table grown to 4 x used once 3/5 full), for items
 * whose hash Python fixes (ints, bools, floats); a set holding any other
 * kind (strings, whose hash Python draws anew each run) keeps the order
 * items were first seen, one of the orders Python prints.  The set is a
 * PY_DVIEW named "set": len(), sorted(), list(), `in`, a for loop, ==
 * (pyarith.c) and its repr {1, 2} (pyval.c) take it.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib.h"

#define MINSIZE 8
#define LINEAR_PROBES 9
#define PERTURB_SHIFT 5
#define HASH_MODULUS (((unsigned long long)1 << 61) - 1)	/* _PyHASH_MODULUS */

/* Python's hash of a finite float (_Py_HashDouble): its value modulo 2^61 - 1, with its sign */
static long long
float_hash(double v)
{
	unsigned long long x = 0, y;
	int e, sign = 1;
	double m;
	long long h;

	if (isinf(v))
		return v > 0 ? 314159 : -314159;
	m = frexp(v, &e);
	if (m < 0) {
		sign = -1;
		m = -m;
	}
	while (m != 0) {	/* 28 bits at a time, the multiplication by 2**28 a rotation mod 2**61 - 1 */
		x = ((x << 28) & HASH_MODULUS) | x >> (61 - 28);
		m *= 268435456.0;
		e -= 28;
		y = (unsigned long long)m;
		m -= (double)y;
		x += y;
		if (x >= HASH_MODULUS)
			x -= HASH_MODULUS;
	}
	e = e >= 0 ? e % 61 : 61 - 1 - ((-1 - e) % 61);
	x = ((x << e) & HASH_MODULUS) | x >> (61 - e);
	h = (long long)x * sign;
	return h == -1 ? -2 : h;
}

/* o's hash when Python fixes it (1), else 0: an int's, a bool's, a float's (not NaN, which is by id) */
static int
fixed_hash(const struct pyobj *o, long long *h)
{
	unsigned long long m;

	if (o->type == PY_FLOAT && !isnan(o->u.f)) {
		*h = float_hash(o->u.f);
		return 1;
	}
	if (o->type != PY_INT && o->type != PY_BOOL)
		return 0;
	m = (o->u.i < 0 ? 0ULL - (unsigned long long)o->u.i : (unsigned long long)o->u.i) % HASH_MODULUS;
	*h = o->u.i < 0 ? -(long long)m : (long long)m;
	if (*h == -1)
		*h = -2;
	return 1;
}

/* set_insert_clean: item k into the first empty slot of its probe sequence */
static void
insert_clean(int *slot, size_t mask, int k, long long hash)
{
	size_t perturb = (size_t)hash, i = (size_t)hash & mask, j;

	for (;;) {
		if (slot[i] < 0) {
			slot[i] = k;
			return;
		}
		if (i + LINEAR_PROBES <= mask)
			for (j = 1; j <= LINEAR_PROBES; j++)
				if (slot[i + j] < 0) {
					slot[i + j] = k;
					return;
				}
		perturb >>= PERTURB_SHIFT;
		i = (i * 5 + 1 + perturb) & mask;
	}
}

/* v[0..n) (distinct, in the order added) reordered as CPython's table holds them; hash[k] is v[k]'s */
static void
table_order(struct pyobj **v, const long long *hash, int n)
{
	size_t size = MINSIZE, newsize, i;
	int *slot = xmalloc(size * sizeof *slot), *grown, k, used = 0;
	struct pyobj **out;

	for (i = 0; i < size; i++)
		slot[i] = -1;
	for (k = 0; k < n; k++) {
		insert_clean(slot, size - 1, k, hash[k]);
		if ((size_t)++used * 5 < (size - 1) * 3)
			continue;
		for (newsize = MINSIZE; newsize <= (size_t)(used > 50000 ? used * 2 : used * 4); newsize <<= 1)
			;
		grown = xmalloc(newsize * sizeof *grown);
		for (i = 0; i < newsize; i++)
			grown[i] = -1;
		for (i = 0; i < size; i++)	/* set_table_resize: the old slots in order */
			if (slot[i] >= 0)
				insert_clean(grown, newsize - 1, slot[i], hash[slot[i]]);
		free(slot);
		slot = grown;
		size = newsize;
	}
	out = xmalloc((size_t)(n ? n : 1) * sizeof *out);
	for (i = 0, k = 0; i < size; i++)
		if (slot[i] >= 0)
			out[k++] = v[slot[i]];
	memcpy(v, out, (size_t)n * sizeof *v);
	free(out);
	free(slot);
}

/* set(iterable): its distinct items (the first of equal ones), in CPython's order where it is fixed */
struct pyobj *
builtin_set(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	struct pyobj *items, *seen, *r, *none;
	long long *hash;
	int i, fixed = 1;

	(void)b, (void)self;
	if (a[0] == NULL)
		items = py_seq(PY_TUPLE, 0);
	else if ((items = py_iter_items(s, a[0])) == NULL)
		return NULL;
	seen = dict_new();
	none = py_none();
	for (i = 0; i < items->u.seq.n; i++)	/* dict_set keeps the first of equal keys */
		if (dict_set(s, seen, items->u.seq.v[i], none) != 0) {
			py_decref(none);
			py_decref(seen);
			return py_drop(NULL, items);
		}
	py_decref(none);
	py_decref(items);
	r = dict_items(seen, 0);
	py_decref(seen);
	r->type = PY_DVIEW;
	r->u.seq.name = "set";
	hash = xmalloc((size_t)(r->u.seq.n ? r->u.seq.n : 1) * sizeof *hash);
	for (i = 0; i < r->u.seq.n && fixed; i++)
		fixed = fixed_hash(r->u.seq.v[i], &hash[i]);
	if (fixed)
		table_order(r->u.seq.v, hash, r->u.seq.n);
	free(hash);
	return r;
}
