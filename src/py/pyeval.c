/*
 * pyeval.c - the syntax tree evaluated: names (variables, then the run's
 * stages and weights, then torch, nn, F, math and Python's builtins),
 * expressions (a table of eval_* functions by node kind; the operators
 * themselves are pyarith.c's), the statements, completion; the session
 * itself (variables, the run's names) is pysession.c's (py.h).
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pyint.h"

static struct pyobj *
ns_obj(const char *ns)
{
	struct pyobj *o = py_new(PY_NS);

	o->u.ns = ns;
	return o;
}

static const char *const builtin_names[] = { "print", "len", "float", "int", "bool", "abs", NULL };

/*
 * The names "did you mean" tries (suggest_try, pynames.c), in Python's
 * order: the session's names first (as the notebook's globals: torch, nn,
 * F, math, the stages, the weights, then the variables in the order they
 * were made), then the builtins the interpreter has (never a name that is
 * not defined here either).
 */
static int
cmp_seq(const void *a, const void *b)
{
	long x = (*(struct pyvar *const *)a)->seq, y = (*(struct pyvar *const *)b)->seq;

	return x < y ? -1 : x > y;
}

static const char *
suggest_name(const struct py_session *s, const char *name)
{
	/* only names defined here: Python's builtins that the interpreter has (issue 24: no
	 * 'round' for roud, no 'bin' for min, that would fail as well) */
	static const char *const py_builtins[] = {
		"Ellipsis", "False", "None", "True", "abs", "bool", "float", "int", "len", "print", NULL
	};
	static const char *const first[] = { "torch", "nn", "F", "math", NULL };
	struct suggest g = { name, NULL, 0, 0 };
	struct pyvar **vars = xmalloc(((size_t)s->nvars + 1) * sizeof *vars);
	int i, n = 0, l;

	for (i = 0; first[i] != NULL; i++)
		suggest_try(&g, first[i]);
	for (i = 0; i < ST_COUNT; i++)	/* every stage the run computes, kept or not */
		if (s->r->st[i] != NULL || strncmp(s->r->why[i], "computed", 8) == 0)
			suggest_try(&g, stage_defs[i].name);
	for (l = 0; l < NLAYER; l++)
		if (s->r->layer[l].present)
			suggest_try(&g, input_layer_names[l]);
	for (i = 0; i < PY_NVAR_BUCKETS; i++) {
		struct pyvar *v;

		for (v = s->vars[i]; v != NULL; v = v->next)
			vars[n++] = v;
	}
	qsort(vars, (size_t)n, sizeof *vars, cmp_seq);
	for (i = 0; i < n; i++) {
		int known = stage_lookup(vars[i]->name) >= 0, k;

		for (k = 0; first[k] != NULL; k++)
			known |= strcmp(first[k], vars[i]->name) == 0;
		for (l = 0; l < NLAYER; l++)
			known |= strcmp(input_layer_names[l], vars[i]->name) == 0;
		if (!known)
			suggest_try(&g, vars[i]->name);
	}
	free(vars);
	if (g.count >= 750)
		g.best = NULL;
	if (g.best != NULL)
		return g.best;
	g.count = 0;
	for (i = 0; py_builtins[i] != NULL; i++)
		suggest_try(&g, py_builtins[i]);
	return g.best;
}

static struct pyobj *
lookup(struct py_session *s, const char *name)
{
	struct pyvar *v;
	const struct builtin *b;
	struct pyobj *o;
	int id, l;

	if (s->frame != NULL && ((v = frame_find(s->frame, name)) != NULL ||
	    (v = frame_enclosing_find(s->frame, name)) != NULL)) {
		py_incref(v->v);
		return v->v;
	}
	v = var_find(s, name);
	if (v != NULL) {
		py_incref(v->v);
		return v->v;
	}
	if ((id = stage_lookup(name)) >= 0 && (s->r->st[id] != NULL || s->r->why[id][0] != '\0')) {
		if ((o = session_named(s, id)) == NULL)
			return py_fail(s, "%s: %s", name, s->r->why[id]);
		py_incref(o);
		return o;
	}
	for (l = 0; l < NLAYER && (s->r->simple || s->r->layer[0].present); l++)
		if (strcmp(name, input_layer_names[l]) == 0) {
			if ((o = session_named(s, NAME_LAYER0 + l)) == NULL)
				return py_fail(s, "%s: not computed: %s", name, s->r->simple ? "simple mode has no weights" :
				    "no output projection");
			py_incref(o);
			return o;
		}
	if (strcmp(name, "heads") == 0 && has_heads(s->r))
		return heads_list(s);
	if (strcmp(name, "torch") == 0)
		return ns_obj("torch");
	if (strcmp(name, "nn") == 0)
		return ns_obj("torch.nn");
	if (strcmp(name, "F") == 0)
		return ns_obj("torch.nn.functional");
	if (strcmp(name, "math") == 0)
		return ns_obj("math");
	if ((b = lib_find("", name)) != NULL)
		return py_func(b, NULL);
	{
		const char *sug = suggest_name(s, name);

		if (sug != NULL)
			return py_fail(s, "name '%s' is not defined. Did you mean: '%s'?", name, sug);
		return py_fail(s, "name '%s' is not defined", name);
	}
}

/* ---- attributes ---- */

/*
 * A built-in module's data attributes, as CPython's PyMemberDef lists a
 * type's members: the kind of module, the name, how the field is read
 * (M_TENSOR: a Parameter, None where there is none; M_DIM: nn.Softmax's
 * dim, None for -1000) and where it is in struct pymodule.
 */
enum { M_TENSOR, M_INT, M_FLOAT, M_BOOL, M_DIM };
static const struct {
	int kind;
	const char *name;
	int type;
	size_t offset;
} module_members[] = {
	{ MOD_LINEAR, "weight", M_TENSOR, offsetof(struct pymodule, weight) },
	{ MOD_LINEAR, "bias", M_TENSOR, offsetof(struct pymodule, bias) },
	{ MOD_LINEAR, "in_features", M_INT, offsetof(struct pymodule, in) },
	{ MOD_LINEAR, "out_features", M_INT, offsetof(struct pymodule, out) },
	{ MOD_EMBED, "weight", M_TENSOR, offsetof(struct pymodule, weight) },
	{ MOD_EMBED, "num_embeddings", M_INT, offsetof(struct pymodule, in) },
	{ MOD_EMBED, "embedding_dim", M_INT, offsetof(struct pymodule, out) },
	{ MOD_DROPOUT, "p", M_FLOAT, offsetof(struct pymodule, p) },
	{ MOD_DROPOUT, "inplace", M_BOOL, offsetof(struct pymodule, inplace) },
	{ MOD_SOFTMAX, "dim", M_DIM, offsetof(struct pymodule, dim) },
};

/* member i of mod, a new reference */
static struct pyobj *
module_member(const struct pymodule *mod, size_t i)
{
	const char *f = (const char *)mod + module_members[i].offset;
	struct pyobj *t;

	switch (module_members[i].type) {
	case M_TENSOR:
		if ((t = *(struct pyobj *const *)f) == NULL)
			return py_none();
		py_incref(t);
		return t;
	case M_INT:
		return py_int(*(const int *)f);
	case M_BOOL:
		return py_bool(*(const int *)f);
	case M_FLOAT:
		return py_float(*(const double *)f);
	default:
		return *(const long long *)f == -1000 ? py_none() : py_int(*(const long long *)f);
	}
}

static struct pyobj *
module_attr(struct py_session *s, struct pyobj *m, const char *name)
{
	struct pymodule *mod = &m->u.m;
	size_t i;

	for (i = 0; i < sizeof module_members / sizeof module_members[0]; i++)
		if (module_members[i].kind == mod->kind && strcmp(module_members[i].name, name) == 0)
			return module_member(mod, i);
	if (mod->kind == MOD_HEAD) {
		int l;

		for (l = 0; l < 3; l++)
			if (strcmp(name, input_layer_names[l]) == 0)
				return head_layer(s, (int)mod->dim, l);
		if (strcmp(name, "dropout") == 0) {	/* the head's nn.Dropout(p), as its repr lists it */
			struct pyobj *d = py_new(PY_MODULE);

			d->u.m.kind = MOD_DROPOUT;
			d->u.m.p = mod->p;
			return d;
		}
	}
	if (strcmp(name, "training") == 0)
		return py_bool(!mod->eval);
	{
		struct pyobj *r = nn_method(s, m, name);	/* parameters(), train(), eval(), ... */

		if (r != NULL || s->failed)
			return r;
	}
	return py_fail(s, "'%s' object has no attribute '%s'", py_type_name(m), name);
}

static struct pyobj *
get_attr(struct py_session *s, struct pyobj *o, const char *name)
{
	struct pyobj *r;

	if (o->type == PY_CLASS || o->type == PY_OBJ || o->type == PY_METHOD || o->type == PY_SUPER)
		return cls_getattr(s, o, name);
	if (o->type != PY_MODULE)
		return names_attr(s, o, name);
	r = module_attr(s, o, name);
	if (r != NULL)
		r->deps |= o->deps;
	return r;
}

/* ---- calls and subscripts ---- */

/* *xs: xs is what Python iterates (else its error names the construct) */
static int
star_iterable(const struct pyobj *xs)
{
	return xs->type == PY_TUPLE || xs->type == PY_LIST || xs->type == PY_GEN || xs->type == PY_RANGE ||
	    xs->type == PY_SIZE || xs->type == PY_TENSOR || xs->type == PY_STR || xs->type == PY_OBJ ||
	    xs->type == PY_RETURNS || xs->type == PY_DICT || xs->type == PY_DVIEW;
}

/* f as Python's messages about its call name it: "__main__.f", "Tensor.view", "torch._VariableFunctionsClass.zeros",
 * "torch.nn.modules.linear.Linear" (a class row); other rows by their name alone */
static const char *
callee_name(const struct pyobj *f, char *buf, size_t n)
{
	const struct pyobj *u = f->type == PY_METHOD ? f->u.obj.cls : f;

	if (u->type == PY_UFUNC)
		snprintf(buf, n, "__main__.%s", u->u.uf.qualname != NULL ? u->u.uf.qualname : u->u.uf.def->names[0]);
	else if (f->type == PY_CLASS)
		snprintf(buf, n, "__main__.%s", f->u.obj.name);
	else if (f->type == PY_FUNC && f->u.fn.self != NULL)
		snprintf(buf, n, "%s.%s", f->u.fn.self->type == PY_TENSOR ? "Tensor" : py_type_name(f->u.fn.self),
		    f->u.fn.fn->name);
	else if (f->type == PY_FUNC && class_name(f->u.fn.fn) != NULL)
		snprintf(buf, n, "%s", class_name(f->u.fn.fn));
	else if (f->type == PY_FUNC && (f->u.fn.fn->flags & LIB_VF))
		snprintf(buf, n, "torch._VariableFunctionsClass.%s", f->u.fn.fn->name);
	else
		snprintf(buf, n, "%s", f->type == PY_FUNC ? f->u.fn.fn->name : py_type_name(f));
	return buf;
}

/* f(*xs): the items of xs (released) after the nargs arguments of args[64] */
static int
star_args(struct py_session *s, const struct pyobj *f, struct pyobj *xs, struct pyobj **args, int *nargs)
{
	struct pyobj *items;
	char name[160];
	int k;

	if (!star_iterable(xs)) {
		py_fail(s, "TypeError: %s() argument after * must be an iterable, not %s", callee_name(f, name, sizeof name),
		    py_type_name(xs));
		py_decref(xs);
		return -1;
	}
	items = py_iter_items(s, xs);
	py_decref(xs);
	if (items == NULL)
		return -1;
	if (*nargs + items->u.seq.n > 64) {
		py_decref(items);
		return py_fail(s, "too many arguments (more than 64)"), -1;
	}
	for (k = 0; k < items->u.seq.n; k++) {
		args[(*nargs)++] = items->u.seq.v[k];
		py_incref(items->u.seq.v[k]);
	}
	py_decref(items);
	return 0;
}

/* f(args..., kwnames=kwargs...) for any callable f (the arguments borrowed) */
struct pyobj *
py_call_value(struct py_session *s, struct pyobj *f, struct pyobj **args, int nargs, char **kwnames,
    struct pyobj **kwargs, int nkw)
{
	switch (f->type) {
	case PY_FUNC: return lib_call(s, f, args, nargs, kwnames, kwargs, nkw);
	case PY_MODULE: return lib_call_module(s, f, args, nargs, kwnames, kwargs, nkw);
	case PY_UFUNC: return s->call_user(s, f, args, nargs, kwnames, kwargs, nkw);
	case PY_CLASS: case PY_OBJ: case PY_METHOD: return cls_call(s, f, args, nargs, kwnames, kwargs, nkw);
	default: return py_fail(s, "'%s' object is not callable", py_type_name(f));
	}
}

/* the keywords of one call: names (borrowed from the tree or from held keys) and values */
struct callkw {
	char *names[64];
	struct pyobj *v[64], *held[64];
	int n, nheld;
};

/* one keyword argument (v's reference taken); dup: one came from **d, so a repeat is Python's TypeError */
static int
kw_add(struct py_session *s, const struct pyobj *f, struct callkw *kw, char *name, struct pyobj *v, int dup)
{
	char buf[160];
	int k;

	for (k = 0; k < kw->n; k++)
		if (strcmp(kw->names[k], name) == 0) {
			py_decref(v);
			if (dup)
				py_fail(s, "TypeError: %s() got multiple values for keyword argument '%s'",
				    callee_name(f, buf, sizeof buf), name);
			else
				py_fail(s, "keyword argument repeated: %s", name);
			return -1;
		}
	if (kw->n == 64) {
		py_decref(v);
		return py_fail(s, "too many arguments (more than 64)"), -1;
	}
	kw->names[kw->n] = name;
	kw->v[kw->n++] = v;
	return 0;
}

/* f(**d): d's pairs (d released), each a keyword argument */
static int
dstar_args(struct py_session *s, const struct pyobj *f, struct pyobj *d, struct callkw *kw)
{
	char buf[160];
	int i, r = 0;

	if (d->type != PY_DICT) {
		py_fail(s, "TypeError: %s() argument after ** must be a mapping, not %s", callee_name(f, buf, sizeof buf),
		    py_type_name(d));
		py_decref(d);
		return -1;
	}
	for (i = 0; i < d->u.dict.n && r == 0; i++) {
		struct pyobj *k = d->u.dict.kv[2 * i], *v = d->u.dict.kv[2 * i + 1];

		if (k->type != PY_STR || kw->nheld == 64) {
			r = -1;
			py_fail(s, k->type != PY_STR ? "TypeError: keywords must be strings" : "too many arguments (more than 64)");
			break;
		}
		py_incref(kw->held[kw->nheld++] = k);
		py_incref(v);
		r = kw_add(s, f, kw, k->u.str.s, v, 1);
	}
	py_decref(d);
	return r;
}

static struct pyobj *
call(struct py_session *s, const struct node *n)
{
	struct pyobj *f, *args[64], *r = NULL;
	struct callkw kw;
	int nargs = 0, i, dup = 0;

	if (n->n > 64)
		return py_fail(s, "too many arguments (more than 64)");
	if ((f = eval_node(s, n->a)) == NULL)
		return NULL;
	kw.n = kw.nheld = 0;
	for (i = 0; i < n->n; i++)
		dup |= n->items[i]->kind == N_DSTAR;
	for (i = 0; i < n->n; i++) {
		const struct node *e = n->items[i];
		struct pyobj *v = eval_node(s, e->kind == N_KW || e->kind == N_STAR || e->kind == N_DSTAR ? e->a : e);

		if (v == NULL)
			goto out;
		if (e->kind == N_STAR) {	/* f(*xs): xs's items, each a positional argument */
			if (star_args(s, f, v, args, &nargs) != 0)
				goto out;
		} else if (e->kind == N_DSTAR) {
			if (dstar_args(s, f, v, &kw) != 0)
				goto out;
		} else if (e->kind == N_KW) {
			if (kw_add(s, f, &kw, e->name, v, dup) != 0)
				goto out;
		} else {
			args[nargs++] = v;
		}
	}
	r = py_call_value(s, f, args, nargs, kw.names, kw.v, kw.n);
out:
	for (i = 0; i < nargs; i++)
		py_decref(args[i]);
	for (i = 0; i < kw.n; i++)
		py_decref(kw.v[i]);
	for (i = 0; i < kw.nheld; i++)
		py_decref(kw.held[i]);
	py_decref(f);
	return r;
}

/* the index of x[...]: one item, or a tuple of them; slices as PY_SLICE */
static struct pyobj *
subscript_value(struct py_session *s, const struct node *n)
{
	struct pyobj *idx;
	int i;

	if (n->n == 1 && !n->paren && n->items[0]->kind != N_SLICE)
		return eval_node(s, n->items[0]);
	idx = n->n == 1 && !n->paren ? NULL : py_seq(PY_TUPLE, n->n);
	for (i = 0; i < n->n; i++) {
		const struct node *e = n->items[i];
		struct pyobj *v;

		if (e->kind == N_SLICE) {
			v = py_new(PY_SLICE);
			if ((e->a != NULL && (v->u.slice.start = eval_node(s, e->a)) == NULL) ||
			    (e->b != NULL && (v->u.slice.stop = eval_node(s, e->b)) == NULL) ||
			    (e->c != NULL && (v->u.slice.step = eval_node(s, e->c)) == NULL)) {
				py_decref(v);
				py_decref(idx);
				return NULL;
			}
		} else if ((v = eval_node(s, e)) == NULL) {
			py_decref(idx);
			return NULL;
		}
		if (idx == NULL)
			return v;
		idx->u.seq.v[i] = v;
	}
	return idx;
}

/* n->a's value into *a, then the second operand's into *b (a subscript's index, else n->b's): 0, or -1 with
 * neither held */
static inline int
eval_operands(struct py_session *s, const struct node *n, struct pyobj **a, struct pyobj **b)
{
	if ((*a = eval_node(s, n->a)) == NULL)
		return -1;
	if ((*b = n->kind == N_INDEX ? subscript_value(s, n) : eval_node(s, n->b)) == NULL) {
		py_decref(*a);
		return -1;
	}
	return 0;
}

static struct pyobj *
index_node(struct py_session *s, const struct node *n)
{
	struct pyobj *o, *idx, *r;

	if (eval_operands(s, n, &o, &idx) != 0)
		return NULL;
	r = py_drop(arith_subscript(s, o, idx), o);
	return py_drop(r, idx);
}

/* ---- expressions ---- */

/* (a, *xs, b) and [a, *xs, b]: xs's items among the others */
static struct pyobj *
eval_seq_star(struct py_session *s, const struct node *n)
{
	struct sbuf b = { 0 };
	struct pyobj *v, *items;
	int i, k, ok = 1;

	for (i = 0; i < n->n && ok; i++) {
		const struct node *e = n->items[i];

		if ((v = eval_node(s, e->kind == N_STAR ? e->a : e)) == NULL) {
			ok = 0;
		} else if (e->kind != N_STAR) {
			sbuf_addn(&b, (const char *)&v, sizeof v);
		} else {
			items = NULL;
			if (!star_iterable(v))
				py_fail(s, "Value after * must be an iterable, not %s", py_type_name(v));
			if (!star_iterable(v) || (items = py_iter_items(s, v)) == NULL)
				ok = 0;
			for (k = 0; ok && k < items->u.seq.n; k++) {
				py_incref(items->u.seq.v[k]);
				sbuf_addn(&b, (const char *)&items->u.seq.v[k], sizeof v);
			}
			py_decref(items);
			py_decref(v);
		}
	}
	return py_seq_of_buf(n->kind == N_TUPLE ? PY_TUPLE : PY_LIST, &b, ok);
}

/* (a, b) and [a, b] */
static struct pyobj *
eval_seq(struct py_session *s, const struct node *n)
{
	struct pyobj *r;
	int i;

	for (i = 0; i < n->n; i++)
		if (n->items[i]->kind == N_STAR)
			return eval_seq_star(s, n);
	r = py_seq(n->kind == N_TUPLE ? PY_TUPLE : PY_LIST, n->n);

	for (i = 0; i < n->n; i++) {
		if ((r->u.seq.v[i] = eval_node(s, n->items[i])) == NULL) {
			py_decref(r);
			return NULL;
		}
		r->deps |= r->u.seq.v[i]->deps;
	}
	return r;
}

/* a < b <= c (pyparse.c's links in ->c): each side evaluated once, the first false comparison's value */
static struct pyobj *
eval_chain(struct py_session *s, const struct node *n)
{
	struct pyobj *a, *b, *r = NULL;
	int t = 1;

	if ((a = eval_node(s, n->a)) == NULL)
		return NULL;
	for (; n != NULL && t; n = n->c) {
		py_decref(r);
		r = NULL;
		if ((b = eval_node(s, n->b)) == NULL)
			break;
		r = arith_compare(s, n->op, a, b);
		py_decref(a);
		a = b;
		if (r == NULL || (n->c != NULL && op_truth(s, r, &t) != 0)) {
			py_decref(r);
			r = NULL;
			break;
		}
	}
	py_decref(a);
	return r;
}

/* a op b, a < b */
static struct pyobj *
eval_binop(struct py_session *s, const struct node *n)
{
	struct pyobj *a, *b, *r;

	if (n->kind == N_CMP && n->c != NULL)
		return eval_chain(s, n);
	if (eval_operands(s, n, &a, &b) != 0)
		return NULL;
	r = n->kind == N_CMP ? arith_compare(s, n->op, a, b) : arith_binop(s, n->op, a, b);
	if (r != NULL)
		r->deps |= a->deps | b->deps;
	r = py_drop(r, a);
	return py_drop(r, b);
}

/* -a, +a, ~a, not a */
static struct pyobj *
eval_unary(struct py_session *s, const struct node *n)
{
	struct pyobj *a, *r = NULL;
	int t;

	if ((a = eval_node(s, n->a)) == NULL)
		return NULL;
	if (n->kind == N_NOT) {
		if (op_truth(s, a, &t) == 0)
			r = py_bool(!t);
	} else if ((r = arith_unary(s, n->op, a)) != NULL) {
		r->deps |= a->deps;
	}
	return py_drop(r, a);
}

/* a and b, a or b: b evaluated only when a does not decide */
static struct pyobj *
eval_bool_op(struct py_session *s, const struct node *n)
{
	struct pyobj *a;
	int t;

	if ((a = eval_node(s, n->a)) == NULL)
		return NULL;
	if (op_truth(s, a, &t) != 0) {
		py_decref(a);
		return NULL;
	}
	if ((n->kind == N_AND) != (t != 0))
		return a;
	py_decref(a);
	return eval_node(s, n->b);
}

static struct pyobj *
eval_attr(struct py_session *s, const struct node *n)
{
	struct pyobj *a, *r;

	if ((a = eval_node(s, n->a)) == NULL)
		return NULL;
	r = get_attr(s, a, n->name);
	py_decref(a);
	return r;
}

/* literals: 1, 1.5, 'x', True, False, None, ... */
static struct pyobj *
eval_literal(struct py_session *s, const struct node *n)
{
	(void)s;
	switch (n->kind) {
	case N_INT: return py_int(n->i);
	case N_FLOAT: return py_float(n->f);
	case N_STR: return py_str(n->name, n->slen);
	case N_TRUE: case N_FALSE: return py_bool(n->kind == N_TRUE);
	case N_NONE: return py_none();
	default: return py_new(PY_ELLIPSIS);
	}
}

static struct pyobj *
eval_name(struct py_session *s, const struct node *n)
{
	return lookup(s, n->name);
}

static struct pyobj *
eval_slice(struct py_session *s, const struct node *n)
{
	(void)n;
	return py_fail(s, "a slice (a:b) is only valid inside [...]");
}

/* one row per node kind (enum in pyint.h) */
static struct pyobj *(*const eval_kind[])(struct py_session *, const struct node *) = {
	[N_NAME] = eval_name, [N_INT] = eval_literal, [N_FLOAT] = eval_literal, [N_STR] = eval_literal,
	[N_TRUE] = eval_literal, [N_FALSE] = eval_literal, [N_NONE] = eval_literal, [N_ELLIPSIS] = eval_literal,
	[N_TUPLE] = eval_seq, [N_LIST] = eval_seq, [N_BINOP] = eval_binop, [N_CMP] = eval_binop,
	[N_UNARY] = eval_unary, [N_NOT] = eval_unary, [N_AND] = eval_bool_op, [N_OR] = eval_bool_op,
	[N_ATTR] = eval_attr, [N_CALL] = call, [N_INDEX] = index_node, [N_SLICE] = eval_slice,
};

struct pyobj *
eval_node(struct py_session *s, const struct node *n)
{
	struct pyobj *r;

	if (++s->depth > 4 * PY_MAX_DEPTH) {
		s->depth--;
		return py_fail(s, "the line nests too deeply");
	}
	if (n->kind >= N_FSTR && s->eval_more != NULL)
		r = s->eval_more(s, n);
	else if (n->kind < 0 || (size_t)n->kind >= sizeof eval_kind / sizeof eval_kind[0] || eval_kind[n->kind] == NULL)
		r = py_fail(s, "this expression is not supported");
	else
		r = eval_kind[n->kind](s, n);
	s->depth--;
	return r;
}

/* ---- statements ---- */


/* a, *b, c = v (m items; the star at index star): each target its items, in order */
static int
unpack_star(struct py_session *s, const struct node *target, struct pyobj *v, int star, int m)
{
	struct pyobj *items, *rest;
	int n = target->n, i, k, bad = 0;

	if (m < n - 1) {
		py_fail(s, "not enough values to unpack (expected at least %d, got %d)", n - 1, m);
		return -1;
	}
	if ((items = py_iter_items(s, v)) == NULL)
		return -1;
	rest = py_seq(PY_LIST, m - (n - 1));
	for (k = 0; k < rest->u.seq.n; k++) {
		rest->u.seq.v[k] = items->u.seq.v[star + k];
		py_incref(rest->u.seq.v[k]);
	}
	for (i = 0; i < n && !bad; i++) {
		k = i < star ? i : i > star ? i + m - n : -1;
		bad = assign(s, k < 0 ? target->items[i]->a : target->items[i], k < 0 ? rest : items->u.seq.v[k]);
	}
	py_decref(rest);
	py_decref(items);
	return bad ? -1 : 0;
}

/* a, b = v: v's items, counted before anything is assigned */
static int
unpack(struct py_session *s, const struct node *target, struct pyobj *v)
{
	int n = target->n, m, i, star = -1;

	for (i = 0; i < n; i++)
		if (target->items[i]->kind == N_STAR)
			star = i;

	if (v->type == PY_TENSOR) {
		if (v->u.t.ndim == 0) {
			py_fail(s, "iteration over a 0-d tensor");
			return -1;
		}
		m = v->u.t.shape[0];
	} else if (arith_is_seq(v) || v->type == PY_RETURNS) {
		m = v->u.seq.n;
	} else if (v->type == PY_STR || v->type == PY_RANGE || v->type == PY_GEN) {	/* their items first */
		struct pyobj *items = py_iter_items(s, v);

		if (items == NULL)
			return -1;
		i = unpack(s, target, items);
		py_decref(items);
		return i;
	} else {
		py_fail(s, "cannot unpack non-iterable %s object", py_type_name(v));
		return -1;
	}
	if (star >= 0)	/* a, *b, c = v: b takes what a and c leave, as a list */
		return unpack_star(s, target, v, star, m);
	if (m > n) {
		py_fail(s, "too many values to unpack (expected %d)", n);
		return -1;
	}
	if (m < n) {
		py_fail(s, "not enough values to unpack (expected %d, got %d)", n, m);
		return -1;
	}
	for (i = 0; i < n; i++) {
		struct pyobj *item;
		int bad;

		if (v->type == PY_TENSOR) {
			struct pyobj *k = py_int(i);

			item = op_index(s, v, k);
			py_decref(k);
			if (item == NULL)
				return -1;
		} else {
			item = v->u.seq.v[i];
			py_incref(item);
			item->deps |= v->deps;
		}
		bad = assign(s, target->items[i], item);
		py_decref(item);
		if (bad)
			return -1;
	}
	return 0;
}

/* o[idx] = v: a tensor's elements, a dict's pair, a list's item; 0 or -1 */
static int
set_item(struct py_session *s, struct pyobj *o, struct pyobj *idx, struct pyobj *v)
{
	long long i;

	if (o->type == PY_TENSOR) {
		if (op_setitem(s, o, idx, v) != 0)
			return -1;
		o->deps |= v->deps;
		return 0;
	}
	if (o->type == PY_DICT)
		return dict_set(s, o, idx, v);
	if (o->type != PY_LIST || !py_is_int(idx))
		return py_fail(s, "'%s' object does not support item assignment", py_type_name(o)), -1;
	i = idx->u.i;
	if (i < -o->u.seq.n || i >= o->u.seq.n)
		return py_fail(s, "list assignment index out of range"), -1;
	if (i < 0)
		i += o->u.seq.n;
	py_decref(o->u.seq.v[i]);
	py_incref(v);
	o->u.seq.v[i] = v;
	return 0;
}

int
assign(struct py_session *s, const struct node *target, struct pyobj *v)
{
	switch (target->kind) {
	case N_NAME:
		if (s->frame != NULL)
			frame_set(s->frame, target->name, v);
		else
			var_set(s, target->name, v);
		return 0;
	case N_TUPLE:
	case N_LIST:
		return unpack(s, target, v);
	case N_INDEX: {
		struct pyobj *o, *idx;
		int r;

		if (eval_operands(s, target, &o, &idx) != 0)
			return -1;
		r = set_item(s, o, idx, v);
		py_decref(o);
		py_decref(idx);
		return r;
	}
	case N_ATTR: {	/* o.name = v: an nn.Module's attribute */
		struct pyobj *o = eval_node(s, target->a);
		int r;

		if (o == NULL)
			return -1;
		r = cls_setattr(s, o, target->name, v);
		py_decref(o);
		return r;
	}
	default:
		py_fail(s, "cannot assign to this expression");
		return -1;
	}
}

/* del o[k]: a dict's pair; anything else refused */
static int
del_item(struct py_session *s, const struct node *t)
{
	struct pyobj *o, *idx;
	int r = -1;

	if ((o = eval_node(s, t->a)) == NULL)
		return -1;
	if ((idx = subscript_value(s, t)) != NULL) {
		if (o->type == PY_DICT)
			r = dict_del(s, o, idx);
		else
			py_fail(s, "del x[...] is not supported (tensors do not support item deletion)");
		py_decref(idx);
	}
	py_decref(o);
	return r;
}

/* Python names the augmented operator: "for -:" becomes "for -=:" */
static void
aug_message(struct py_session *s)
{
	const char *pre = "unsupported operand type(s) for ";
	size_t n = strlen(pre), k;
	char *colon;

	if (strncmp(s->err, pre, n) != 0 || (colon = strchr(s->err + n, ':')) == NULL)
		return;
	k = strlen(s->err);
	if (k + 2 > s->errlen)
		return;
	memmove(colon + 1, colon, k - (size_t)(colon - s->err) + 1);
	*colon = '=';
}

/* cur op= v's value: a tensor or a list changed in place, else cur op v */
static struct pyobj *
aug_value(struct py_session *s, int op, struct pyobj *cur, struct pyobj *v)
{
	struct pyobj *r = NULL;

	if (cur->type == PY_TENSOR && op != O_MATMUL)
		return op_inplace(s, arith_bop_code(op), cur, v);
	if (cur->type == PY_LIST && op == O_ADD) {	/* list.__iadd__: extended in place */
		if (list_extend(s, cur, v) != 0)
			return NULL;
		py_incref(cur);
		return cur;
	}
	if ((r = arith_binop(s, op, cur, v)) == NULL && s->failed)
		aug_message(s);
	return r;
}

/* d[k] op= v, l[i] op= v: the item read, changed, stored back */
static int
aug_item(struct py_session *s, int op, struct pyobj *o, struct pyobj *idx, struct pyobj *v)
{
	struct pyobj *cur = arith_subscript(s, o, idx), *r;
	int bad = -1;

	if (cur == NULL)
		return -1;
	if ((r = aug_value(s, op, cur, v)) != NULL)
		bad = set_item(s, o, idx, r);
	py_decref(r);
	py_decref(cur);
	return bad;
}

/* x op= v */
static int
augment(struct py_session *s, const struct stmt *st)
{
	const struct node *t = st->targets[0];
	struct pyobj *cur, *v, *r = NULL;

	if ((v = eval_node(s, st->value)) == NULL)
		return -1;
	if (t->kind == N_INDEX) {	/* x[i] op= v: the view changed in place, then stored back */
		struct pyobj *o, *idx, *view;
		int bad = -1;

		if ((o = eval_node(s, t->a)) == NULL) {
			py_decref(v);
			return -1;
		}
		if ((idx = subscript_value(s, t)) != NULL) {
			if (o->type == PY_DICT || o->type == PY_LIST) {
				bad = aug_item(s, st->op, o, idx, v);
			} else if (o->type != PY_TENSOR) {
				py_fail(s, "'%s' object does not support item assignment", py_type_name(o));
			} else if ((view = op_index(s, o, idx)) != NULL) {
				if ((r = op_inplace(s, arith_bop_code(st->op), view, v)) != NULL)
					bad = op_setitem(s, o, idx, r);
				py_decref(r);
				py_decref(view);
			}
			py_decref(idx);
		}
		py_decref(o);
		py_decref(v);
		return bad;
	}
	if (t->kind == N_ATTR) {	/* x.attr op= v: read, changed (a tensor or list in place), set back if new */
		struct pyobj *o = eval_node(s, t->a), *at = NULL;
		int bad = -1;

		if (o != NULL && (at = get_attr(s, o, t->name)) != NULL && (r = aug_value(s, st->op, at, v)) != NULL)
			bad = r == at ? 0 : cls_setattr(s, o, t->name, r);
		py_decref(r);
		py_decref(at);
		py_decref(o);
		py_decref(v);
		return bad;
	}
	if ((cur = lookup(s, t->name)) == NULL) {
		py_decref(v);
		return -1;
	}
	if ((r = aug_value(s, st->op, cur, v)) != NULL) {
		r->deps |= cur->deps | v->deps;
		if (s->frame != NULL)
			frame_set(s->frame, t->name, r);
		else
			var_set(s, t->name, r);
	}
	py_decref(cur);
	py_decref(v);
	py_decref(r);
	return r != NULL ? 0 : -1;
}

static int
import(struct py_session *s, const struct stmt *st)
{
	int i;

	for (i = 0; i < st->nnames; i++) {
		const char *m = st->names[i];
		struct pyobj *o;

		if (py_module_known(m) != NULL) {	/* the parser refused the others (pyparse.c) */
			o = ns_obj(py_module_known(m));
		} else {
			const char *dot = strrchr(m, '.');
			const struct builtin *b = NULL;
			char ns[32];

			if (dot != NULL && (size_t)(dot - m) < sizeof ns) {
				snprintf(ns, sizeof ns, "%.*s", (int)(dot - m), m);
				b = lib_find(ns, dot + 1);
			}
			if (b == NULL) {
				char top[64];

				snprintf(top, sizeof top, "%.*s", (int)strcspn(m, "."), m);
				if (strcmp(top, "torch") != 0 && strcmp(top, "math") != 0)
					py_fail(s, "No module named '%s'", top);	/* only torch and math here */
				else
					py_fail(s, "cannot import name '%s' (not supported here)", dot ? dot + 1 : m);
				return -1;
			}
			o = py_func(b, NULL);
		}
		if (s->frame != NULL)
			frame_set(s->frame, st->binds[i], o);
		else
			var_set(s, st->binds[i], o);
		py_decref(o);
	}
	return 0;
}

/* is this expression a call of Python's print (not shadowed)? */
static int
is_print_call(const struct py_session *s, const struct node *n)
{
	return n->kind == N_CALL && n->a->kind == N_NAME && strcmp(n->a->name, "print") == 0 &&
	    (s == NULL || var_find(s, "print") == NULL);
}

int
exec_simple(struct py_session *s, const struct stmt *st)
{
	struct pyobj *v;
	int i, bad = 0;

	switch (st->kind) {
	case S_PASS:
		return 0;
	case S_IMPORT:
		return import(s, st);
	case S_EXPR:
		if ((v = eval_node(s, st->value)) == NULL)
			return -1;
		if (interrupt_pending) {	/* Ctrl-C: the kernels stopped early, the value is not one */
			py_decref(v);
			py_fail(s, "KeyboardInterrupt");
			return -1;
		}
		if (v->type != PY_NONE && (!s->script || st == s->display)) {	/* a script: only print() and a cell's last */
			struct sbuf *o = st == s->display ? s->shown : s->out;
			size_t mark = o->len;

			py_repr(o, v, s->po);
			if (py_repr_failed(s)) {
				o->len = mark;	/* nothing of a repr that did not finish */
				if (o->s != NULL)
					o->s[mark] = '\0';
				py_decref(v);
				return -1;
			}
			sbuf_addc(o, '\n');
		}
		py_decref(v);
		return 0;
	case S_ASSIGN:
		if ((v = eval_node(s, st->value)) == NULL)
			return -1;
		if (interrupt_pending) {	/* nothing half-computed is assigned */
			py_decref(v);
			py_fail(s, "KeyboardInterrupt");
			return -1;
		}
		for (i = 0; i < st->ntargets && !bad; i++)
			bad = assign(s, st->targets[i], v);
		py_decref(v);
		return bad ? -1 : 0;
	case S_AUG:
		return augment(s, st);
	case S_DEL:
		for (i = 0; i < st->ntargets; i++) {
			const struct node *t = st->targets[i];

			if (t->kind == N_INDEX) {
				if (del_item(s, t) != 0)
					return -1;
				continue;
			}
			if (s->frame != NULL && frame_del(s->frame, t->name) == 0)
				continue;
			if (var_del(s, t->name) != 0) {
				int l, is_layer = 0;

				for (l = 0; l < NLAYER; l++)
					is_layer |= strcmp(t->name, input_layer_names[l]) == 0;
				if (stage_lookup(t->name) >= 0 || is_layer)
					py_fail(s, "%s is the run's, not a variable: del removes variables only", t->name);
				else {
					const char *sug = suggest_name(s, t->name);

					if (sug != NULL)	/* a NameError like any other: Python's REPL suggests */
						py_fail(s, "name '%s' is not defined. Did you mean: '%s'?", t->name, sug);
					else
						py_fail(s, "name '%s' is not defined", t->name);
				}
				return -1;
			}
		}
		return 0;
	}
	return 0;
}

/* ---- the session ---- */

void
eval_begin(struct py_session *s, const struct print_opts *po, struct sbuf *out, char *err, size_t errlen)
{
	s->po = s->own_po_set ? &s->own_po : po;
	s->out = out;
	s->err = err;
	s->errlen = errlen;
	s->failed = 0;
	s->depth = 0;
	s->warned = 0;
	if (errlen > 0)
		err[0] = '\0';
}

/* The value of an expression alone (--print); print(x) gives x, as v1 did. */
struct pyobj *
py_eval_expr(struct py_session *s, const char *text, const struct print_opts *po, struct sbuf *out, char *err,
    size_t errlen)
{
	struct parsed p;
	const struct node *n;
	struct pyobj *v;

	eval_begin(s, po, out, err, errlen);
	while (*text == ' ' || *text == '\t')	/* an expression alone: as eval(), leading blanks are no indent */
		text++;
	if (parse_text(text, &p, err, errlen) != 0)
		return NULL;
	if (p.first == NULL) {
		parse_free(&p);
		snprintf(err, errlen, "empty expression: give a stage name such as attn_weights");
		return NULL;
	}
	if (p.first->kind != S_EXPR || p.first->next != NULL) {
		parse_free(&p);
		snprintf(err, errlen, "expected one expression, not statements (assignments, del, import, ';')");
		return NULL;
	}
	n = p.first->value;
	s->print_stmt = 0;
	if (is_print_call(s, n) && n->n == 1 && n->items[0]->kind != N_KW)
		n = n->items[0];
	else if (is_print_call(s, n) && n->n > 0 && n->items[n->n - 1]->kind == N_KW)
		s->print_stmt = 1;	/* print("a", end=""): the statement, no None */
	v = eval_node(s, n);
	parse_free(&p);
	return v;
}

int
py_needs_more(const char *text)
{
	struct lexer lx;
	struct token tok;
	char err[256];
	size_t n = strlen(text);

	if (n > 0 && text[n - 1] == '\\')
		return 1;
	lex_init(&lx, text, err, sizeof err);
	for (;;) {
		int rc = lex_next(&lx, &tok);

		free(tok.s);
		if (rc != 0)
			return strstr(err, "triple-quoted") != NULL;
		if (tok.type == T_END)	/* nested too deep is an error now, not a wait for more */
			return (lx.depth > 0 && lx.depth <= PY_MAX_DEPTH) || (lx.depth == 0 && parse_block_open(text));
	}
}

int
py_is_statement(const char *line)
{
	struct parsed p;
	char err[256];
	int r = 0;

	if (parse_text(line, &p, err, sizeof err) != 0)
		return 0;
	if (p.first != NULL)
		r = p.first->kind == S_ASSIGN || p.first->kind == S_AUG || p.first->kind == S_DEL ||
		    p.first->kind == S_IMPORT || (p.first->kind == S_EXPR && is_print_call(NULL, p.first->value));
	parse_free(&p);
	return r;
}

/* ---- completion ---- */

static void
add_match(char ***list, int *n, int *cap, const char *name, const char *word, size_t wlen)
{
	int i;

	if (strncmp(name, word, wlen) != 0)
		return;
	for (i = 0; i < *n; i++)
		if (strcmp((*list)[i], name) == 0)
			return;
	if (*n + 2 > *cap) {
		*cap = *cap ? *cap * 2 : 16;
		*list = xrealloc(*list, (size_t)*cap * sizeof **list);
	}
	(*list)[(*n)++] = xstrdup(name);
	(*list)[*n] = NULL;
}

static void
add_all(char ***list, int *n, int *cap, const char *const *names, const char *word, size_t wlen)
{
	for (; names != NULL && *names != NULL; names++)
		add_match(list, n, cap, *names, word, wlen);
}

/* after "o.": an instance's attributes, then its classes' (a class: its own and its bases'), then a
 * module's methods (Module's rows); a Generator's methods */
static void
add_obj(char ***list, int *n, int *cap, const struct pyobj *o, const char *word, size_t wlen)
{
	const struct pyobj *c;
	int i;

	if (o->type == PY_RNG) {
		add_all(list, n, cap, lib_names("Generator"), word, wlen);
		return;
	}
	for (i = 0; o->type == PY_OBJ && i < o->u.obj.n; i++)
		add_match(list, n, cap, o->u.obj.a[i].name, word, wlen);
	for (c = o->type == PY_OBJ ? o->u.obj.cls : o; c != NULL; c = c->u.obj.cls)
		for (i = 0; i < c->u.obj.n; i++)
			add_match(list, n, cap, c->u.obj.a[i].name, word, wlen);
	if (o->type == PY_OBJ && nn_is_module(o))
		add_all(list, n, cap, lib_names("Module"), word, wlen);
}

char **
py_complete(const struct py_session *s, const char *line, size_t *start)
{
	size_t end = strlen(line), b = end, wstart;
	char **list = NULL, prefix[128];
	int n = 0, cap = 0, i;
	const char *word;

	while (b > 0 && (isalnum((unsigned char)line[b - 1]) || line[b - 1] == '_' || line[b - 1] == '.'))
		b--;
	wstart = end;
	while (wstart > b && line[wstart - 1] != '.')
		wstart--;
	*start = wstart;
	word = line + wstart;
	if (wstart == b) {	/* a bare name */
		static const char *const keywords[] = { "import", "from", "del", "True", "False", "None", NULL };

		for (i = 0; i < PY_NVAR_BUCKETS; i++) {
			const struct pyvar *v;

			for (v = s->vars[i]; v != NULL; v = v->next)
				add_match(&list, &n, &cap, v->name, word, end - wstart);
		}
		for (i = 0; i < ST_COUNT; i++)
			if (s->r->st[i] != NULL)
				add_match(&list, &n, &cap, stage_defs[i].name, word, end - wstart);
		for (i = 0; i < NLAYER; i++)
			if (s->r->layer[i].present)
				add_match(&list, &n, &cap, input_layer_names[i], word, end - wstart);
		if (has_heads(s->r))
			add_match(&list, &n, &cap, "heads", word, end - wstart);
		add_match(&list, &n, &cap, "torch", word, end - wstart);
		add_match(&list, &n, &cap, "nn", word, end - wstart);
		add_match(&list, &n, &cap, "F", word, end - wstart);
		add_match(&list, &n, &cap, "math", word, end - wstart);
		add_all(&list, &n, &cap, builtin_names, word, end - wstart);
		add_all(&list, &n, &cap, keywords, word, end - wstart);
		return list;
	}
	if (wstart - 1 - b >= sizeof prefix)
		return NULL;
	memcpy(prefix, line + b, wstart - 1 - b);
	prefix[wstart - 1 - b] = '\0';
	{
		const char *ns = NULL;
		const struct pyvar *v = var_find(s, prefix);
		int id = stage_lookup(prefix);

		if (strcmp(prefix, "torch") == 0)
			ns = "torch";
		else if (strcmp(prefix, "nn") == 0 || strcmp(prefix, "torch.nn") == 0)
			ns = "torch.nn";
		else if (strcmp(prefix, "F") == 0 || strcmp(prefix, "torch.nn.functional") == 0 ||
		    strcmp(prefix, "nn.functional") == 0)
			ns = "torch.nn.functional";
		else if (strcmp(prefix, "math") == 0)
			ns = "math";
		if (v != NULL) {
			if (v->v->type == PY_TENSOR)
				ns = "Tensor";
			else if (v->v->type == PY_NS)
				ns = v->v->u.ns;
			else if (v->v->type == PY_OBJ || v->v->type == PY_CLASS || v->v->type == PY_RNG)
				add_obj(&list, &n, &cap, v->v, word, end - wstart);
			else if (v->v->type == PY_MODULE && v->v->u.m.kind == MOD_LINEAR) {
				static const char *const attrs[] = { "weight", "bias", "in_features", "out_features", NULL };

				add_all(&list, &n, &cap, attrs, word, end - wstart);
				return list;
			}
		} else if (id >= 0 && s->r->st[id] != NULL) {
			ns = "Tensor";
		} else {
			for (i = 0; i < NLAYER; i++)
				if (strcmp(prefix, input_layer_names[i]) == 0 && s->r->layer[i].present) {
					static const char *const attrs[] = { "weight", "bias", "in_features", "out_features", NULL };

					if (s->r->layer[i].linear)
						add_all(&list, &n, &cap, attrs, word, end - wstart);
					else
						ns = "Tensor";
				}
		}
		if (ns != NULL)
			add_all(&list, &n, &cap, lib_names(ns), word, end - wstart);
	}
	return list;
}
