/*
 * pycomp.c - the expressions of contract v3 beyond v2's, evaluated:
 * f-strings (N_FSTR: literal parts and {fields}, formatted by lib_fmt.c),
 * list comprehensions and generator expressions (N_COMP: a generator
 * expression's items are gathered at once, into a tuple), and a if c else
 * b (N_IFEXP).  pyeval.c reaches comp_eval through s->eval_more (set by
 * stmt_hooks, pystmt.c), so calls go one way.
 */
#include <stdlib.h>
#include <string.h>

#include "pyint.h"

/* ---- f-strings ---- */

static int fstr_into(struct py_session *s, const struct node *n, struct sbuf *b);

/* one {field}: its value converted (!r, !s, !a), then formatted with its spec */
static int
field_into(struct py_session *s, const struct node *f, struct sbuf *b)
{
	struct sbuf spec = { 0 };
	struct pyobj *v = eval_node(s, f->a);
	int r = -1;

	if (v == NULL)
		return -1;
	if (f->b != NULL && fstr_into(s, f->b, &spec) != 0)
		goto out;
	if (f->op != 0) {	/* !r, !a: repr; !s: str; then the spec applies to that string */
		struct sbuf t = { 0 };
		struct pyobj *str;

		if (f->op == 's')
			py_str_of(&t, v, s->po);
		else
			py_repr(&t, v, s->po);
		if (py_repr_failed(s)) {
			free(t.s);
			goto out;
		}
		str = py_str(t.s ? t.s : "", t.len);
		free(t.s);
		py_decref(v);
		v = str;
	}
	r = py_format(s, b, v, spec.s ? spec.s : "", spec.len);
out:
	free(spec.s);
	py_decref(v);
	return r;
}

static int
fstr_into(struct py_session *s, const struct node *n, struct sbuf *b)
{
	int i;

	for (i = 0; i < n->n; i++) {
		const struct node *p = n->items[i];

		if (p->kind == N_STR)
			sbuf_addn(b, p->name, p->slen);
		else if (field_into(s, p, b) != 0)
			return -1;
	}
	return 0;
}

static struct pyobj *
eval_fstr(struct py_session *s, const struct node *n)
{
	struct sbuf b = { 0 };
	struct pyobj *r = NULL;

	if (fstr_into(s, n, &b) == 0)
		r = py_str(b.s ? b.s : "", b.len);
	free(b.s);
	return r;
}

/* ---- comprehensions ---- */

/* the names a target binds (x, (i, x), ...), at most max; their count */
static int
target_names(const struct node *t, const char **names, int n, int max)
{
	int i;

	if (t->kind == N_NAME && n < max) {
		for (i = 0; i < n; i++)
			if (strcmp(names[i], t->name) == 0)
				return n;
		names[n++] = t->name;
	} else if (t->kind == N_TUPLE || t->kind == N_LIST) {
		for (i = 0; i < t->n; i++)
			n = target_names(t->items[i], names, n, max);
	}
	return n;
}

/* the binding of name where assignments go (a call's locals, or the module's); NULL: none */
static struct pyobj *
binding(struct py_session *s, const char *name)
{
	struct pyvar *v = s->frame != NULL ? frame_find(s->frame, name) : var_find(s, name);

	if (v == NULL)
		return NULL;
	py_incref(v->v);
	return v->v;
}

static void
rebind(struct py_session *s, const char *name, struct pyobj *old)
{
	if (old != NULL) {
		if (s->frame != NULL)
			frame_set(s->frame, name, old);
		else
			var_set(s, name, old);
		py_decref(old);
	} else if (s->frame != NULL) {
		frame_del(s->frame, name);
	} else {
		var_del(s, name);
	}
}

static int comp_item(struct py_session *s, const struct node *n, int k, struct pyobj *item, struct sbuf *out);

/* clause k of n: each item of its iterable, gathered into out (pyobj pointers) */
static int
comp_loop(struct py_session *s, const struct node *n, int k, struct sbuf *out)
{
	struct pyobj *seq, *items;
	long long i;
	int r = 0;

	if ((seq = eval_node(s, n->items[k]->b)) == NULL)
		return -1;
	if (seq->type == PY_RANGE) {	/* counted without a list */
		for (i = 0; r == 0 && i < range_len(seq); i++) {
			struct pyobj *v = py_int(seq->u.range.start + i * seq->u.range.step);

			r = comp_item(s, n, k, v, out);
			py_decref(v);
		}
		py_decref(seq);
		return r;
	}
	items = py_iter_items(s, seq);
	py_decref(seq);
	if (items == NULL)
		return -1;
	for (i = 0; r == 0 && i < items->u.seq.n; i++)
		r = comp_item(s, n, k, items->u.seq.v[i], out);
	py_decref(items);
	return r;
}

/* one item of clause k: bound, filtered by the clause's ifs, then the next clause or the element */
static int
comp_item(struct py_session *s, const struct node *n, int k, struct pyobj *item, struct sbuf *out)
{
	const struct node *f = n->items[k];
	struct pyobj *v;
	int j, t;

	if (interrupt_pending) {
		py_fail(s, "KeyboardInterrupt");
		return -1;
	}
	if (assign(s, f->a, item) != 0)
		return -1;
	for (j = 0; j < f->n; j++) {
		if ((v = eval_node(s, f->items[j])) == NULL)
			return -1;
		t = op_truth(s, v, &t) != 0 ? -1 : t;
		py_decref(v);
		if (t < 0)
			return -1;
		if (!t)
			return 0;
	}
	if (k + 1 < n->n)
		return comp_loop(s, n, k + 1, out);
	if ((v = eval_node(s, n->a)) == NULL)
		return -1;
	sbuf_addn(out, (const char *)&v, sizeof v);
	return 0;
}

#define COMP_MAXNAMES 32

static struct pyobj *
eval_comp(struct py_session *s, const struct node *n)
{
	const char *names[COMP_MAXNAMES];
	struct pyobj *old[COMP_MAXNAMES], *r = NULL, **v;
	struct sbuf out = { 0 };
	int nn = 0, i, count, rc;

	for (i = 0; i < n->n; i++)
		nn = target_names(n->items[i]->a, names, nn, COMP_MAXNAMES);
	for (i = 0; i < nn; i++)	/* the comprehension's own names: what they were comes back */
		old[i] = binding(s, names[i]);
	rc = comp_loop(s, n, 0, &out);
	for (i = 0; i < nn; i++)
		rebind(s, names[i], old[i]);
	v = (struct pyobj **)(void *)out.s;
	count = (int)(out.len / sizeof *v);
	if (rc == 0) {
		r = py_seq(n->op == N_LIST ? PY_LIST : PY_TUPLE, count);
		for (i = 0; i < count; i++) {
			r->u.seq.v[i] = v[i];
			r->deps |= v[i]->deps;
		}
	} else {
		for (i = 0; i < count; i++)
			py_decref(v[i]);
	}
	free(out.s);
	return r;
}

/* ---- a if c else b ---- */

static struct pyobj *
eval_ifexp(struct py_session *s, const struct node *n)
{
	struct pyobj *c = eval_node(s, n->b);
	int t;

	if (c == NULL)
		return NULL;
	if (op_truth(s, c, &t) != 0) {
		py_decref(c);
		return NULL;
	}
	py_decref(c);
	return eval_node(s, t ? n->a : n->c);
}

struct pyobj *
comp_eval(struct py_session *s, const struct node *n)
{
	switch (n->kind) {
	case N_FSTR: return eval_fstr(s, n);
	case N_COMP: return eval_comp(s, n);
	case N_IFEXP: return eval_ifexp(s, n);
	}
	return py_fail(s, "this expression is not supported");
}
