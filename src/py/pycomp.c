/*
 * pycomp.c - the expressions of contract v3 beyond v2's, evaluated:
 * f-strings (N_FSTR: literal parts and {fields}, formatted by lib_fmt.c),
 * list comprehensions and generator expressions (N_COMP: a list at once; a
 * generator, PY_GEN, lazy as Python's: each next() runs its clauses just
 * far enough for one item, in the scope that made it, or in a copy of the
 * names it reads once that call has returned: pyframe.c), and a if c else b
 * (N_IFEXP).  pyeval.c reaches comp_eval through s->eval_more (set by
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

/* the ifs of clause f, its target bound: 1 when all hold, 0 when one does not, -1 after an error */
static int
clause_pass(struct py_session *s, const struct node *f)
{
	struct pyobj *v;
	int j, t;

	for (j = 0; j < f->n; j++) {
		if ((v = eval_node(s, f->items[j])) == NULL)
			return -1;
		t = op_truth(s, v, &t) != 0 ? -1 : t;
		py_decref(v);
		if (t <= 0)
			return t;
	}
	return 1;
}

/* ---- generators ---- */

/*
 * The walk of a comprehension's clauses, one for a list and a generator:
 * g set up with the first iterable taken now (as Python's), the rest taken
 * as gen_step reaches them.  -1 after an error (g holds nothing then).
 */
static int
gen_init(struct py_session *s, const struct node *n, struct pygen *g)
{
	struct pyobj *seq;
	int i;

	if (n->n > GEN_MAXCL) {
		py_fail(s, "a %s of more than %d 'for' clauses is not supported",
		    n->op == N_LIST ? "list comprehension" : n->op == N_DICT ? "dict comprehension" :
		    "generator expression", GEN_MAXCL);
		return -1;
	}
	memset(g, 0, sizeof *g);
	if ((seq = eval_node(s, n->items[0]->b)) == NULL || py_iter_begin(s, seq, &g->it[0]) != 0)
		return -1;
	g->depth = 1;
	g->n = n;
	for (i = 0; i < n->n; i++)
		g->nn = target_names(n->items[i]->a, g->names, g->nn, GEN_MAXNAMES);
	return 0;
}

/* the comprehension running in the scope a new one is made in (counted), or NULL */
static struct pyobj *
comp_outer(struct py_session *s)
{
	if (s->comp_top == NULL || s->comp_top->u.gen->frame != s->frame)
		return NULL;
	py_incref(s->comp_top);
	return s->comp_top;
}

/* a generator expression: its clauses walked as it is pulled (gen_next) */
static struct pyobj *
gen_make(struct py_session *s, const struct node *n)
{
	struct pygen *g = xmalloc(sizeof *g);
	struct pyobj *o;

	if (gen_init(s, n, g) != 0) {
		free(g);
		return NULL;
	}
	if ((g->code = s->code) != NULL)
		g->code->refs++;
	g->frame = s->frame;
	g->frame_serial = s->frame != NULL ? s->frame->serial : 0;
	if (s->frame != NULL) {	/* on its frame's list, to take its names should it outlive the call */
		if ((g->fnext = s->frame->gens) != NULL)
			g->fnext->fprev = &g->fnext;
		g->fprev = &s->frame->gens;
		s->frame->gens = g;
	}
	g->line = s->run_line;
	g->outer = comp_outer(s);
	o = py_new(PY_GEN);
	o->u.gen = g;
	return o;
}

/* the clauses run on from where g stopped to its next element: 1 and *out, 0 at the end, -1 */
static int
gen_step(struct py_session *s, struct pygen *g, struct pyobj **out)
{
	const struct node *n = g->n;
	struct pyobj *item, *seq;
	int k, rc;

	for (;;) {
		if (interrupt_pending) {
			py_fail(s, "KeyboardInterrupt");
			return -1;
		}
		k = g->depth - 1;
		if ((rc = py_iter_next(s, &g->it[k], &item)) < 0)
			return -1;
		if (rc == 0) {
			if (k == 0)
				return 0;
			py_iter_end(&g->it[k]);
			g->depth--;
			continue;
		}
		rc = assign(s, n->items[k]->a, item);
		py_decref(item);
		if (rc != 0 || (rc = clause_pass(s, n->items[k])) < 0)
			return -1;
		if (rc == 0)
			continue;
		if (k + 1 < n->n) {
			if ((seq = eval_node(s, n->items[k + 1]->b)) == NULL || py_iter_begin(s, seq, &g->it[k + 1]) != 0)
				return -1;
			g->depth++;
			continue;
		}
		return (*out = eval_node(s, n->a)) != NULL ? 1 : -1;
	}
}

/* is the scope that made g still running (the module's always is) */
static int
gen_scope_live(const struct py_session *s, const struct pygen *g)
{
	const struct pyframe *f;

	if (g->frame == NULL || g->own != NULL)
		return 1;
	for (f = s->frame; f != NULL; f = f->up)
		if (f == g->frame && f->serial == g->frame_serial)
			return 1;
	return 0;
}

/*
 * The next item of a generator: its own names (the loop targets) put back
 * in the scope that made it, its clauses run on, the names taken out again.
 * After its end or an error it is done: every later next() ends at once,
 * as Python's.  An error inside names the line that made it (Python's
 * <genexpr> frame) unless a function it called named its own.
 */
/* the names a generator's step binds: its own (their values between two items), then those of the
 * comprehensions around it that have stopped (their last values); *n of them, -1 past max */
static int
gen_overlay(const struct pygen *g, const char **names, struct pyobj **vals, int max)
{
	const struct pyobj *a;
	int i, j, n = 0;

	for (i = 0; i < g->nn; i++, n++) {
		names[n] = g->names[i];
		vals[n] = g->vals[i];
	}
	for (a = g->outer; a != NULL && !a->u.gen->running; a = a->u.gen->outer) {
		const struct pygen *o = a->u.gen;

		for (i = 0; i < o->nn; i++) {
			for (j = 0; j < n && strcmp(names[j], o->names[i]) != 0; j++)
				;
			if (j < n || o->vals[i] == NULL)
				continue;
			if (n == max)
				return -1;
			names[n] = o->names[i];
			py_incref(vals[n++] = o->vals[i]);
		}
	}
	return n;
}

#define GEN_MAXOVL (2 * GEN_MAXNAMES)

/*
 * The next item of a generator: its own names (the loop targets) put back
 * in the scope that made it, and the last values of the comprehensions it
 * was made in that have stopped (Python's cells: [(i*j for j in r) for i in
 * range(3)] reads the final i), its clauses run on, the names taken out
 * again.  After its end or an error it is done: every later next() ends at
 * once, as Python's.  An error inside names the line that made it (Python's
 * <genexpr> frame) unless a function it called named its own.
 */
int
gen_next(struct py_session *s, struct pyobj *go, struct pyobj **item)
{
	struct pygen *g = go->u.gen;
	struct pyframe *outer = s->frame;
	struct pyobj *top = s->comp_top;
	const char *names[GEN_MAXOVL];
	struct pyobj *vals[GEN_MAXOVL], *old[GEN_MAXOVL];
	int i, n, rc;

	*item = NULL;
	if (g->kind != GEN_EXPR)	/* enumerate, zip */
		return py_lazy_next(s, g, item);
	if (g->done)
		return 0;
	if (g->running)
		return py_fail(s, "generator already executing"), -1;
	if (!gen_scope_live(s, g))
		return py_fail(s, "a generator used after the function that made it returned: its scope is gone (not in contract v3)"), -1;
	if ((n = gen_overlay(g, names, vals, GEN_MAXOVL)) < 0)
		return py_fail(s, "a generator inside more than %d comprehension names is not supported", GEN_MAXOVL), -1;
	g->running = 1;
	s->frame = g->frame;
	s->comp_top = go;
	if (g->own != NULL)	/* its frame outlived its call: it runs above the pull's */
		g->own->up = outer;
	for (i = 0; i < n; i++) {
		old[i] = binding(s, names[i]);
		if (vals[i] != NULL)
			rebind(s, names[i], vals[i]);
	}
	for (i = 0; i < g->nn; i++)
		g->vals[i] = NULL;
	rc = gen_step(s, g, item);
	for (i = 0; i < g->nn; i++)
		g->vals[i] = binding(s, g->names[i]);
	for (i = n - 1; i >= 0; i--)
		rebind(s, names[i], old[i]);
	s->frame = outer;
	s->comp_top = top;
	if (g->own != NULL)
		g->own->up = NULL;
	g->running = 0;
	if (rc <= 0) {
		for (i = 0; i < g->depth; i++)
			py_iter_end(&g->it[i]);
		g->depth = 0;
		g->done = 1;
	}
	if (rc < 0 && s->err_line == 0)
		s->err_line = g->line;
	return rc;
}

/*
 * A list comprehension: its clauses walked at once, in the scope it is in;
 * its own names come back after.  Its walk is a PY_GEN of its own while it
 * runs (comp_top), so that generators made inside it keep it: once it has
 * stopped they read its names' last values from it.
 */
static struct pyobj *
eval_comp(struct py_session *s, const struct node *n)
{
	struct pyobj *top = s->comp_top, *co, *old[GEN_MAXNAMES], *v, *d;
	struct pygen *g;
	struct sbuf out = { 0 };
	int i, rc;

	if (n->op != N_LIST && n->op != N_DICT)
		return gen_make(s, n);
	g = xmalloc(sizeof *g);
	if (gen_init(s, n, g) != 0) {
		free(g);
		return NULL;
	}
	g->frame = s->frame;
	g->outer = comp_outer(s);
	g->running = 1;
	co = py_new(PY_GEN);
	co->u.gen = g;
	s->comp_top = co;
	for (i = 0; i < g->nn; i++)
		old[i] = binding(s, g->names[i]);
	d = n->op == N_DICT ? dict_new() : NULL;
	while ((rc = gen_step(s, g, &v)) > 0) {
		if (d == NULL) {
			sbuf_addn(&out, (const char *)&v, sizeof v);
			continue;
		}
		rc = dict_set(s, d, v->u.seq.v[0], v->u.seq.v[1]);	/* {k: v for ...}: v the pair */
		py_decref(v);
		if (rc != 0) {
			rc = -1;
			break;
		}
	}
	for (i = 0; i < g->depth; i++)
		py_iter_end(&g->it[i]);
	g->depth = 0;
	for (i = 0; i < g->nn; i++) {
		g->vals[i] = binding(s, g->names[i]);
		rebind(s, g->names[i], old[i]);
	}
	g->running = 0;
	g->done = 1;
	s->comp_top = top;
	py_decref(co);
	if (d != NULL && rc != 0) {
		py_decref(d);
		return NULL;
	}
	return d != NULL ? d : py_seq_of_buf(PY_LIST, &out, rc == 0);
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

/* {k: v, ...}: each key, then its value, evaluated in turn, as Python's */
static struct pyobj *
eval_dict(struct py_session *s, const struct node *n)
{
	struct pyobj *d = dict_new(), *k, *v;
	int i, rc = 0;

	for (i = 0; i + 1 < n->n && rc == 0; i += 2) {
		if ((k = eval_node(s, n->items[i])) == NULL)
			break;
		if ((v = eval_node(s, n->items[i + 1])) != NULL)
			rc = dict_set(s, d, k, v);
		py_decref(k);
		if (v == NULL)
			break;
		py_decref(v);
	}
	if (i + 1 < n->n || rc != 0) {
		py_decref(d);
		return NULL;
	}
	return d;
}

struct pyobj *
func_new(struct py_session *s, const struct stmt *st)
{
	struct pyobj *fn = py_new(PY_UFUNC);
	int i, n = st->nnames;

	fn->u.uf.def = st;
	fn->u.uf.code = s->code;
	s->code->refs++;
	fn->u.uf.defaults = xmalloc((size_t)(n ? n : 1) * sizeof *fn->u.uf.defaults);
	memset(fn->u.uf.defaults, 0, (size_t)(n ? n : 1) * sizeof *fn->u.uf.defaults);
	for (i = 0; i < n; i++)
		if (st->defaults[i] != NULL && (fn->u.uf.defaults[i] = eval_node(s, st->defaults[i])) == NULL) {
			py_decref(fn);
			return NULL;
		}
	frame_capture(s->frame, fn);
	return fn;
}

struct pyobj *
comp_eval(struct py_session *s, const struct node *n)
{
	switch (n->kind) {
	case N_LAMBDA: return func_new(s, n->def);
	case N_FSTR: return eval_fstr(s, n);
	case N_COMP: return eval_comp(s, n);
	case N_IFEXP: return eval_ifexp(s, n);
	case N_STAR: return py_fail(s, "can't use starred expression here");
	case N_DICT: return eval_dict(s, n);
	}
	return py_fail(s, "this expression is not supported");
}
