/*
 * pyframe.c - the locals of one call of a script function: a short list
 * of names (a function has few), searched before the session's globals;
 * and that list of variables itself, which each bucket of the session's
 * globals (pysession.c) is too;
 * and the trace's hook (py_trace): a statement a frame ran, its names
 * bound handed to the trace with their values.  A frame is any call of
 * script code, so a module's forward is traced as a function is.
 */
#include <stdlib.h>
#include <string.h>

#include "pyint.h"
#include "expr.h"

/* ---- a list of variables: a frame's locals, one bucket of the session's globals ---- */

struct pyvar *
varlist_find(struct pyvar *head, const char *name)
{
	struct pyvar *v;

	for (v = head; v != NULL; v = v->next)
		if (strcmp(v->name, name) == 0)
			return v;
	return NULL;
}

struct pyvar *
varlist_set(struct pyvar **head, const char *name, struct pyobj *o, int *created)
{
	struct pyvar *v = varlist_find(*head, name);

	py_incref(o);
	*created = v == NULL;
	if (v != NULL) {
		py_decref(v->v);
		v->v = o;
		v->stale = 0;
		return v;
	}
	v = xcalloc(1, sizeof *v);
	v->name = xstrdup(name);
	v->v = o;
	v->next = *head;
	*head = v;
	return v;
}

int
varlist_del(struct pyvar **head, const char *name)
{
	struct pyvar **pp, *v;

	for (pp = head; (v = *pp) != NULL; pp = &v->next)
		if (strcmp(v->name, name) == 0) {
			*pp = v->next;
			py_decref(v->v);
			free(v->name);
			free(v);
			return 0;
		}
	return -1;
}

/* ---- a frame ---- */

long
frame_serial(void)
{
	static long serial;

	return ++serial;
}

struct pyvar *
frame_find(const struct pyframe *f, const char *name)
{
	return varlist_find(f->vars, name);
}

void
frame_set(struct pyframe *f, const char *name, struct pyobj *o)
{
	int created;

	varlist_set(&f->vars, name, o, &created);
}

int
frame_del(struct pyframe *f, const char *name)
{
	return varlist_del(&f->vars, name);
}

/*
 * Closures.  A def run inside a function keeps the call that ran it (its
 * address and serial) and a copy of the names that call saw (its locals and
 * its own enclosing names).  While that call runs, a name is read from it,
 * as Python's cells read the latest value; once it has returned, from the copy.
 */
/* name among the last values of the stopped comprehensions fn was made in (a lambda's cells), or NULL */
static struct pyvar *
comp_cell_find(const struct pyobj *fn, const char *name)
{
	const struct pyobj *a;
	struct pyvar *v;

	if (fn->type != PY_UFUNC)
		return NULL;
	for (a = fn->u.uf.outer; a != NULL; a = a->u.gen->outer)
		if (!a->u.gen->running && (v = varlist_find(a->u.gen->cells, name)) != NULL)
			return v;
	return NULL;
}

struct pyvar *
frame_enclosing_find(const struct pyframe *f, const char *name)
{
	struct pyvar *v;

	while (f != NULL && f->fn != NULL) {
		if ((v = comp_cell_find(f->fn, name)) != NULL)
			return v;
		if (f->encl != NULL) {
			f = f->encl;
			if ((v = varlist_find(f->vars, name)) != NULL)
				return v;
			continue;
		}
		return f->fn->type == PY_UFUNC ? varlist_find(f->fn->u.uf.cap, name) : NULL;
	}
	return NULL;
}

void
frame_capture(struct pyframe *f, struct pyobj *fn)
{
	struct pyvar *v, *seen;
	const struct pyframe *g;
	int created;

	if (f == NULL || f->fn == NULL)	/* at module level, or a class body: no closure */
		return;
	fn->u.uf.encl = f;
	fn->u.uf.encl_serial = f->serial;
	for (v = f->vars; v != NULL; v = v->next)
		varlist_set(&fn->u.uf.cap, v->name, v->v, &created);
	for (g = f; g != NULL && g->fn != NULL; g = g->encl) {	/* the enclosing names f sees */
		seen = g->encl != NULL ? g->encl->vars : g->fn->type == PY_UFUNC ? g->fn->u.uf.cap : NULL;
		for (v = seen; v != NULL; v = v->next)
			if (varlist_find(fn->u.uf.cap, v->name) == NULL)
				varlist_set(&fn->u.uf.cap, v->name, v->v, &created);
		if (g->encl == NULL)
			break;
	}
}

void
frame_enclose(struct pyframe *f, const struct pyobj *fn)
{
	struct pyframe *g;

	f->encl = NULL;
	if (fn->u.uf.encl == NULL)
		return;
	for (g = f->up; g != NULL; g = g->up)
		if (g == fn->u.uf.encl && g->serial == fn->u.uf.encl_serial) {
			f->encl = g;
			return;
		}
}

/* into c: each name node n reads that f has (its locals, or its enclosing calls') */
static void
names_read(struct pyframe *c, const struct pyframe *f, const struct node *n)
{
	struct pyvar *v = NULL;
	int i, created;

	if (n == NULL)
		return;
	if (n->kind == N_NAME && (v = frame_find(f, n->name)) == NULL)
		v = frame_enclosing_find(f, n->name);
	if (n->kind == N_NAME && v != NULL)
		varlist_set(&c->vars, n->name, v->v, &created);
	names_read(c, f, n->a);
	names_read(c, f, n->b);
	names_read(c, f, n->c);
	for (i = 0; i < n->n; i++)
		names_read(c, f, n->items[i]);
}

/*
 * f returns while generator expressions it made live on (returned, kept in
 * an object): each takes its own frame, a copy of the names its expression
 * reads, as Python's generator keeps the cells of its frame.  Only those
 * names: a generator held in a local does not keep itself alive.
 */
static void
frame_orphan_gens(struct pyframe *f)
{
	struct pygen *g;
	struct pyframe *c;

	while ((g = f->gens) != NULL) {
		f->gens = g->fnext;
		c = xcalloc(1, sizeof *c);
		names_read(c, f, g->n);
		c->serial = frame_serial();
		c->name = f->name;
		if ((c->fn = f->fn) != NULL)
			py_incref(c->fn);
		g->own = g->frame = c;
		g->frame_serial = c->serial;
		g->fnext = NULL;
		g->fprev = NULL;
	}
}

void
frame_clear(struct pyframe *f)
{
	frame_orphan_gens(f);	/* before the locals go: a generator held only by them dies with them */
	varlist_free(f->vars);
	f->vars = NULL;
}

/* line `line` (1-based) of text, without its indentation: *len bytes at the result */
static const char *
line_of(const char *text, int line, size_t *len)
{
	const char *p = text, *e;

	*len = 0;
	if (text == NULL || line < 1)
		return "";
	for (; line > 1 && p != NULL; line--)
		if ((p = strchr(p, '\n')) != NULL)
			p++;
	if (p == NULL)
		return "";
	while (*p == ' ' || *p == '\t')
		p++;
	e = strchr(p, '\n');
	*len = e != NULL ? (size_t)(e - p) : strlen(p);
	while (*len > 0 && (p[*len - 1] == '\r' || p[*len - 1] == ' '))
		(*len)--;
	return p;
}

/* a value the statement bound to name (or returned: name NULL) to the trace */
static void
trace_value(struct py_session *s, const struct stmt *st, const char *name, struct pyobj *o, int how)
{
	struct py_trace_event ev;
	struct value v;

	memset(&v, 0, sizeof v);
	v.kind = VAL_OTHER;
	if (o->type == PY_TENSOR && (v.t = pyt_export(&o->u.t)) != NULL) {
		v.kind = VAL_TENSOR;
		v.dtype = o->u.t.dtype;
	}
	v.obj = o;
	memset(&ev, 0, sizeof ev);
	ev.func = s->frame->name;
	ev.line = st->line;
	ev.src = line_of(s->code != NULL ? s->code->text : NULL, st->line, &ev.srclen);
	ev.name = name != NULL ? name : "";
	ev.in_place = how == 1;
	ev.returned = how == 2;
	ev.v = &v;
	ev.out = s->out;
	ev.po = s->po;
	s->trace(s->trace_ctx, &ev);
	tensor_free(v.t);
}

/* one name the statement bound: its value to the trace */
static void
trace_name(struct py_session *s, const struct stmt *st, const char *name, int in_place)
{
	struct pyvar *var = frame_find(s->frame, name);

	if (var != NULL)
		trace_value(s, st, name, var->v, in_place);
}

void
frame_return(struct py_session *s, const struct stmt *st, struct pyobj *v)
{
	if (s->trace != NULL && s->frame != NULL && v != NULL)
		trace_value(s, st, st->value != NULL && st->value->kind == N_NAME ? st->value->name : NULL, v, 2);
}

/* the names of an assignment's target: a name, or a tuple or list of targets */
static void
trace_target(struct py_session *s, const struct stmt *st, const struct node *t)
{
	int i;

	if (t->kind == N_NAME)
		trace_name(s, st, t->name, 0);
	else if (t->kind == N_TUPLE || t->kind == N_LIST)
		for (i = 0; i < t->n; i++)
			trace_target(s, st, t->items[i]);
}

/* NAME.method_(...) as a statement: PyTorch's in-place methods end in '_' (masked_fill_, mul_) */
static const char *
in_place_name(const struct stmt *st)
{
	const struct node *c = st->value, *m;
	size_t n;

	if (st->kind != S_EXPR || c == NULL || c->kind != N_CALL || (m = c->a)->kind != N_ATTR ||
	    m->a->kind != N_NAME || (n = strlen(m->name)) < 2 || m->name[n - 1] != '_' || m->name[0] == '_')
		return NULL;
	return m->a->name;
}

void
frame_step(struct py_session *s, const struct stmt *st)
{
	const char *name;
	int i;

	if (s->trace == NULL || s->frame == NULL)
		return;
	if ((name = in_place_name(st)) != NULL)
		trace_name(s, st, name, 1);
	if (st->kind != S_ASSIGN && st->kind != S_AUG)
		return;
	for (i = 0; i < st->ntargets; i++)
		trace_target(s, st, st->targets[i]);
}
