/*
 * lib_iter.c - iteration: the items a for loop walks (py_iter_items: a
 * tuple, list, torch.Size, a tensor's rows, a string's characters) and
 * Python's builtins over items: range, enumerate and zip (lazy: a PY_GEN
 * pulled an item at a time, their next here), list, tuple, sum,
 * max, min, round, any, all.  range() is counted (PY_RANGE): a for loop or a
 * comprehension walks its ints without a list.
 */
#include <math.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib.h"

/* the tuple iter_items is filling, released should malloc refuse on the way */
static struct pyobj *iter_hold;

static struct pyobj *
iter_items(struct py_session *s, struct pyobj *o)
{
	struct pyobj *r;
	int i, n;

	switch (o->type) {
	case PY_DICT:	/* its keys */
		return dict_items(o, 0);
	case PY_TUPLE: case PY_LIST: case PY_SIZE: case PY_RETURNS: case PY_DVIEW:
		r = iter_hold = py_seq(PY_TUPLE, o->u.seq.n);
		for (i = 0; i < o->u.seq.n; i++) {
			r->u.seq.v[i] = o->u.seq.v[i];
			py_incref(r->u.seq.v[i]);
		}
		return r;
	case PY_STR: {	/* its characters (UTF-8: a character's bytes together) */
		size_t at = 0, k, nc = 0;

		for (k = 0; k < o->u.str.len; k++)
			nc += ((unsigned char)o->u.str.s[k] & 0xc0) != 0x80;
		r = iter_hold = py_seq(PY_TUPLE, (int)nc);
		for (i = 0; i < r->u.seq.n; i++, at += k) {
			for (k = 1; at + k < o->u.str.len && ((unsigned char)o->u.str.s[at + k] & 0xc0) == 0x80; k++)
				;
			r->u.seq.v[i] = py_str(o->u.str.s + at, k);
		}
		return r;
	}
	case PY_RANGE:
		if (range_len(o) > 100000000)
			return py_fail(s, "range() of %lld ints is too long to hold as a list here", range_len(o));
		r = iter_hold = py_seq(PY_TUPLE, (int)range_len(o));
		for (i = 0; i < r->u.seq.n; i++)
			r->u.seq.v[i] = py_int(o->u.range.start + i * o->u.range.step);
		return r;
	case PY_TENSOR:
		if (o->u.t.ndim == 0)
			return py_fail(s, "iteration over a 0-d tensor");
		n = o->u.t.shape[0];
		r = iter_hold = py_seq(PY_TUPLE, n);
		for (i = 0; i < n; i++) {
			struct pyobj *k = py_int(i);

			r->u.seq.v[i] = op_index(s, o, k);
			py_decref(k);
			if (r->u.seq.v[i] == NULL) {
				py_decref(r);
				return NULL;
			}
		}
		return r;
	case PY_OBJ:	/* nn.ModuleList, nn.Sequential: their modules */
		if ((r = nn_children(o)) != NULL)
			return r;
		break;
	case PY_GEN:	/* what is left of it: it is used up */
		return py_gen_drain(s, o);
	}
	return py_fail(s, "'%s' object is not iterable", py_type_name(o));
}

/*
 * iter_items with out of memory caught on the way (list(range(10**8))): the
 * items made so far are released and the line's MemoryError returned; with
 * no catch above (pystmt.c's), xmalloc's message and exit as ever.
 */
struct pyobj *
py_iter_items(struct py_session *s, struct pyobj *o)
{
	jmp_buf oom, *outer = diag_nomem_jump;
	struct pyobj *r;

	if (outer == NULL)
		return iter_items(s, o);
	if (setjmp(oom) != 0) {	/* an error returned: the callers release their arguments */
		diag_nomem_jump = outer;
		py_decref(iter_hold);
		iter_hold = NULL;
		return py_fail_nomem(s);
	}
	diag_nomem_jump = &oom;
	iter_hold = NULL;
	r = iter_items(s, o);
	iter_hold = NULL;
	diag_nomem_jump = outer;
	return r;
}

int
py_iter_begin(struct py_session *s, struct pyobj *seq, struct pyiter *it)
{
	it->pos = 0;
	/* a list is walked live, by index, as Python's list iterator: items appended meanwhile come too */
	if (seq->type == PY_RANGE || seq->type == PY_GEN || seq->type == PY_LIST) {
		it->src = seq;
		return 0;
	}
	it->src = py_iter_items(s, seq);
	py_decref(seq);
	return it->src != NULL ? 0 : -1;
}

int
py_iter_next(struct py_session *s, struct pyiter *it, struct pyobj **item)
{
	struct pyobj *o = it->src;

	*item = NULL;
	if (o->type == PY_GEN)
		return py_gen_next(s, o, item);
	if (o->type == PY_RANGE) {
		if (it->pos >= range_len(o))
			return 0;
		*item = py_int(o->u.range.start + it->pos++ * o->u.range.step);
		return 1;
	}
	if (it->pos >= o->u.seq.n)
		return 0;
	*item = o->u.seq.v[it->pos++];
	py_incref(*item);
	return 1;
}

void
py_iter_end(struct pyiter *it)
{
	py_decref(it->src);
	it->src = NULL;
}

/* next(iterator[, default]): a generator's next item; at its end default, else StopIteration */
struct pyobj *
builtin_next(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	int na = a[0]->u.seq.n, rc;
	struct pyobj *v;

	(void)b, (void)self;
	if (na < 1 || na > 2)
		return py_fail(s, na < 1 ? "next expected at least 1 argument, got 0" :
		    "next expected at most 2 arguments, got %d", na);
	if (a[0]->u.seq.v[0]->type != PY_GEN)
		return py_fail(s, "'%s' object is not an iterator", py_type_name(a[0]->u.seq.v[0]));
	if ((rc = py_gen_next(s, a[0]->u.seq.v[0], &v)) != 0)
		return rc > 0 ? v : NULL;
	if (na == 2) {
		py_incref(a[0]->u.seq.v[1]);
		return a[0]->u.seq.v[1];
	}
	return py_fail(s, "StopIteration");
}

struct pyobj *
builtin_range(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	long long v[3] = { 0, 0, 1 };
	int k, na = a[0]->u.seq.n;
	struct pyobj *r;

	(void)b, (void)self;
	if (na < 1 || na > 3)
		return py_fail(s, na < 1 ? "range expected at least 1 argument, got 0" :
		    "range expected at most 3 arguments, got %d", na);
	for (k = 0; k < na; k++) {
		struct pyobj *x = a[0]->u.seq.v[k];

		if (!py_is_int(x))
			return py_fail(s, "'%s' object cannot be interpreted as an integer", py_type_name(x));
		v[na == 1 ? 1 : k] = x->u.i;
	}
	if (v[2] == 0)
		return py_fail(s, "range() arg 3 must not be zero");
	r = py_new(PY_RANGE);
	r->u.range.start = v[0];
	r->u.range.stop = v[1];
	r->u.range.step = v[2];
	return r;
}

long long
range_len(const struct pyobj *o)
{
	long long a = o->u.range.start, b = o->u.range.stop, st = o->u.range.step, n;

	if (st > 0)
		n = a < b ? (long long)(((unsigned long long)b - (unsigned long long)a - 1) / (unsigned long long)st) + 1 : 0;
	else
		n = a > b ? (long long)(((unsigned long long)a - (unsigned long long)b - 1) / (0ull - (unsigned long long)st)) + 1 : 0;
	return n;
}

/* ---- enumerate and zip: lazy, as Python's (PY_GEN of kind GEN_ENUM, GEN_ZIP) ---- */

/* a lazy iterator over n walks begun on a[0..n-1] (each taken now, as Python's iter()) */
static struct pyobj *
lazy_make(struct py_session *s, int kind, struct pyobj **a, int n)
{
	struct pygen *g = xcalloc(1, sizeof *g);
	struct pyobj *o;
	int k;

	for (k = 0; k < n; k++) {
		py_incref(a[k]);
		if (py_iter_begin(s, a[k], &g->it[k]) != 0) {
			while (k-- > 0)
				py_iter_end(&g->it[k]);
			free(g);
			return NULL;
		}
	}
	g->kind = kind;
	g->depth = n;
	o = py_new(PY_GEN);
	o->u.gen = g;
	return o;
}

/*
 * The next item of enumerate ((count, item)) or zip (a tuple of one item of
 * each, taken in turn; the round ends at the first that ends, the items
 * taken before it dropped, as Python's).  Neither keeps an end of its own:
 * a later pull asks its sequences again, as Python's.
 */
int
py_lazy_next(struct py_session *s, struct pygen *g, struct pyobj **item)
{
	struct pyobj *t, *v;
	int k, rc = 1;

	*item = NULL;
	if (g->kind == GEN_ENUM) {
		if ((rc = py_iter_next(s, &g->it[0], &v)) <= 0)
			return rc;
		t = py_seq(PY_TUPLE, 2);
		t->u.seq.v[0] = py_int(g->count++);
		t->u.seq.v[1] = v;
		*item = t;
		return 1;
	}
	if (g->depth == 0)
		return 0;
	t = py_seq(PY_TUPLE, g->depth);
	for (k = 0; k < g->depth && (rc = py_iter_next(s, &g->it[k], &t->u.seq.v[k])) == 1; k++)
		;
	if (rc != 1) {
		py_decref(t);
		return rc;
	}
	*item = t;
	return 1;
}

/* enumerate(xs, start=0) */
struct pyobj *
builtin_enumerate(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	struct pyobj *r;
	long long start = 0;

	(void)b, (void)self;
	if (a[1] != NULL && !py_is_int(a[1]))
		return py_fail(s, "'%s' object cannot be interpreted as an integer", py_type_name(a[1]));
	if (a[1] != NULL)
		start = a[1]->u.i;
	if ((r = lazy_make(s, GEN_ENUM, a, 1)) != NULL)
		r->u.gen->count = start;
	return r;
}

/* zip(a, b, ...) */
struct pyobj *
builtin_zip(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	int na = a[0]->u.seq.n;

	(void)b, (void)self;
	if (na > GEN_MAXIT)
		return py_fail(s, "zip() of more than %d sequences is not supported", GEN_MAXIT);
	return lazy_make(s, GEN_ZIP, a[0]->u.seq.v, na);
}

/* list(xs), tuple(xs) */
struct pyobj *
builtin_seq(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	struct pyobj *items;

	(void)self;
	if (a[0] == NULL)
		return py_seq(b->op, 0);
	if ((items = py_iter_items(s, a[0])) == NULL)
		return NULL;
	items->type = b->op;
	return items;
}

/* any(xs) (op 1), all(xs) (op 0): the first item whose truth is op decides (a generator stops there) */
struct pyobj *
builtin_any(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	struct pyiter it;
	struct pyobj *v;
	int t = 0, found = 0, rc = 0;

	(void)self;
	py_incref(a[0]);
	if (py_iter_begin(s, a[0], &it) != 0)
		return NULL;
	while (!found && (rc = py_iter_next(s, &it, &v)) == 1) {
		rc = op_truth(s, v, &t) != 0 ? -1 : 1;
		py_decref(v);
		if (rc < 0)
			break;
		found = t == b->op;
	}
	py_iter_end(&it);
	if (!found && rc < 0)
		return NULL;
	return py_bool(found ? b->op : !b->op);
}

/* sum(xs, start=0): start + xs[0] + xs[1] ..., Python's operators */
struct pyobj *
builtin_sum(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	struct pyobj *items, *acc;
	int i;

	(void)b, (void)self;
	if ((items = py_iter_items(s, a[0])) == NULL)
		return NULL;
	acc = a[1] != NULL ? a[1] : py_int(0);
	if (a[1] != NULL)
		py_incref(acc);
	for (i = 0; i < items->u.seq.n && acc != NULL; i++) {
		struct pyobj *next = arith_binop(s, O_ADD, acc, items->u.seq.v[i]);

		py_decref(acc);
		acc = next;
	}
	py_decref(items);
	return acc;
}

/* max(xs) / max(a, b, ...), and min: the first of the largest (smallest) */
struct pyobj *
builtin_max(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	struct pyobj *items, *best = NULL;
	int i;

	(void)self;
	if (a[0]->u.seq.n == 0)
		return py_fail(s, "%s expected at least 1 argument, got 0", b->name);
	items = a[0]->u.seq.n == 1 ? py_iter_items(s, a[0]->u.seq.v[0]) : (py_incref(a[0]), a[0]);
	if (items == NULL)
		return NULL;
	if (items->u.seq.n == 0) {
		py_decref(items);
		return py_fail(s, "%s() arg is an empty sequence", b->name);
	}
	best = items->u.seq.v[0];
	for (i = 1; i < items->u.seq.n; i++) {
		struct pyobj *c = arith_compare(s, b->op ? O_LT : O_GT, items->u.seq.v[i], best);
		int t;

		if (c == NULL || op_truth(s, c, &t) != 0) {
			py_decref(c);
			py_decref(items);
			return NULL;
		}
		py_decref(c);
		if (t)
			best = items->u.seq.v[i];
	}
	py_incref(best);
	py_decref(items);
	return best;
}

/* round(x) -> int (halves to even), round(x, n) -> float as Python's */
struct pyobj *
builtin_round(struct py_session *s, const struct builtin *b, struct pyobj *self, struct pyobj **a)
{
	double x;
	long long nd;
	char buf[64];

	(void)b, (void)self;
	if (a[0]->type == PY_TENSOR || (!py_is_number(a[0])))
		return py_fail(s, "type %s doesn't define __round__ method", py_type_name(a[0]));
	if (a[1] == NULL || a[1]->type == PY_NONE) {
		if (py_is_int(a[0]))
			return py_int(a[0]->u.i);
		x = nearbyint(a[0]->u.f);
		if (!pyt_fits_int64(x))
			return py_fail(s, "cannot convert float %s to integer", isnan(x) ? "NaN" : "infinity");
		return py_int((long long)x);
	}
	if (py_to_long(s, a[1], "ndigits", &nd) != 0)
		return NULL;
	if (py_is_int(a[0]))
		return py_int(a[0]->u.i);
	if (nd < 0 || nd > 300)
		return py_fail(s, "round(x, ndigits) with ndigits outside 0..300 is not supported");
	snprintf(buf, sizeof buf, "%.*f", (int)nd, a[0]->u.f);	/* correctly rounded, as Python's */
	return py_float(strtod(buf, NULL));
}
