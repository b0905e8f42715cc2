/*
 * pyeval.c - the syntax tree evaluated: names (variables, then the run's
 * stages and weights, then torch, nn, F, math and Python's builtins),
 * Python's arithmetic on numbers, the statements, and the session the
 * REPL keeps between lines (py.h).
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <malloc.h>
#include <stdlib.h>
#include <string.h>

#include "pyint.h"

static const char *const layer_names[NLAYER] = { "W_query", "W_key", "W_value", "out_proj" };

/* the name of a run's name id: a stage or a weight */
static const char *
named_name(int id)
{
	return id < ST_COUNT ? stage_defs[id].name : layer_names[id - NAME_LAYER0];
}

/* ---- variables ---- */

static unsigned
hash(const char *s)
{
	unsigned h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h % PY_NVAR_BUCKETS;
}

static struct pyvar *
var_find(const struct py_session *s, const char *name)
{
	struct pyvar *v;

	for (v = s->vars[hash(name)]; v != NULL; v = v->next)
		if (strcmp(v->name, name) == 0)
			return v;
	return NULL;
}

/* name = o (a new reference is taken) */
static void
var_set(struct py_session *s, const char *name, struct pyobj *o)
{
	struct pyvar *v = var_find(s, name);

	py_incref(o);
	if (v != NULL) {
		py_decref(v->v);
		v->v = o;
		v->stale = 0;
		return;
	}
	v = xcalloc(1, sizeof *v);
	v->name = xstrdup(name);
	v->v = o;
	v->seq = s->nextseq++;
	v->next = s->vars[hash(name)];
	s->vars[hash(name)] = v;
	s->nvars++;
}

static int
var_del(struct py_session *s, const char *name)
{
	struct pyvar **p, *v;

	for (p = &s->vars[hash(name)]; (v = *p) != NULL; p = &v->next)
		if (strcmp(v->name, name) == 0) {
			*p = v->next;
			py_decref(v->v);
			free(v->name);
			free(v);
			s->nvars--;
			return 0;
		}
	return -1;
}

/* ---- the run's names ---- */

static struct pystorage *
borrow(struct py_session *s, const struct tensor *t, int origin)
{
	struct pystorage *st = xcalloc(1, sizeof *st);

	st->refs = 1;
	st->dtype = DT_FLOAT;
	st->n = t->numel;
	st->data = t->data;
	st->borrowed = 1;
	st->origin = origin;
	st->s = s;
	st->next = s->borrowed;
	if (s->borrowed != NULL)
		s->borrowed->prev = st;
	s->borrowed = st;
	return st;
}

static struct pyobj *
borrowed_tensor(struct py_session *s, const struct tensor *t, int origin)
{
	long long stride[TENSOR_MAXDIM];
	struct pyobj *o;

	pyt_contiguous_strides(stride, t->ndim, t->shape);
	o = pyt_new(borrow(s, t, origin), t->ndim, t->shape, stride, 0);
	o->u.t.grad_fn = t->grad_fn;
	o->u.t.requires_grad = t->requires_grad;
	o->u.t.parameter = t->parameter;
	o->deps = NAME_BIT(origin);
	return o;
}

/*
 * queries_heads as PyTorch holds it: queries.view(..., T, H, hd).transpose(-3,
 * -2), a view of queries' memory, not a copy; its strides decide the order
 * of every sum over it.
 */
static struct pyobj *
heads_view(struct py_session *s, int id)
{
	const struct run *r = s->r;
	const struct tensor *h = r->st[id];
	int base_id = ST_QUERIES + (id - ST_QUERIES_HEADS), nd = h->ndim, d;
	long long stride[TENSOR_MAXDIM];
	struct pyobj *base, *o;

	/* (..., T, d_out) viewed (..., T, H, hd): strides (..., d_out, hd, 1); then T and H swap */
	for (d = 0; d < nd - 3; d++)
		stride[d] = (long long)r->T * r->d_out;
	stride[nd - 3] = r->hd;
	stride[nd - 2] = r->d_out;
	stride[nd - 1] = 1;
	/* the base as the session holds it: written in place (shadowed) or the run's */
	if (r->st[base_id] != NULL && ((base = s->shadowed[base_id]) != NULL || (base = session_named(s, base_id)) != NULL)) {
		o = op_view_as(s, base, nd, h->shape, stride, 0, "TransposeBackward0");
		o->u.t.grad_fn = h->grad_fn;
		o->u.t.requires_grad = h->requires_grad;
		o->deps |= NAME_BIT(id);
		return o;
	}
	/* the base was not kept: its memory rebuilt from the heads, in the base's order */
	{
		struct pystorage *st = storage_new(DT_FLOAT, h->numel);
		size_t i;

		if (st == NULL)
			return NULL;
		for (i = 0; i < h->numel; i++) {	/* element i of (..., H, T, hd) */
			size_t k = i % (size_t)r->hd, t = i / (size_t)r->hd % (size_t)r->T;
			size_t hh = i / ((size_t)r->hd * r->T) % (size_t)r->H, b = i / ((size_t)r->hd * r->T * r->H);

			((float *)st->data)[((b * r->T + t) * r->H + hh) * r->hd + k] = h->data[i];
		}
		o = pyt_new(st, nd, h->shape, stride, 0);
		o->u.t.grad_fn = h->grad_fn;
		o->deps = NAME_BIT(id);
		return o;
	}
}

struct pyobj *
session_named(struct py_session *s, int id)
{
	const struct run *r = s->r;
	struct pyobj *o;

	if (s->named[id] != NULL)
		return s->named[id];
	if (id < ST_COUNT) {
		if (r->st[id] == NULL)
			return NULL;
		if (id >= ST_QUERIES_HEADS && id <= ST_VALUES_HEADS)
			o = heads_view(s, id);
		else
			o = borrowed_tensor(s, r->st[id], id);
	} else {
		const struct layer *L = &r->layer[id - NAME_LAYER0];

		if (!L->present)
			return NULL;
		if (!L->linear) {
			o = borrowed_tensor(s, L->w, id);
		} else {
			o = py_new(PY_MODULE);
			o->u.m.kind = MOD_LINEAR;
			o->u.m.weight = borrowed_tensor(s, L->w, id);
			o->u.m.bias = L->b ? borrowed_tensor(s, L->b, id) : NULL;
			o->u.m.out = L->w->shape[0];
			o->u.m.in = L->w->shape[1];
			o->deps = NAME_BIT(id);
		}
	}
	s->named[id] = o;
	return o;
}

void
session_shadow(struct py_session *s, int origin)
{
	struct pyobj *o = s->named[origin];

	if (o == NULL)
		return;
	if (var_find(s, named_name(origin)) == NULL)
		var_set(s, named_name(origin), o);
	s->named[origin] = NULL;
	py_decref(s->shadowed[origin]);
	s->shadowed[origin] = o;	/* the reference named[] held: queries_heads made later still views it */
}

/* heads[h]: head h's layers with head_layout "stacked" */
static struct pyobj *
head_layer(struct py_session *s, int h, int l)
{
	const struct run *r = s->r;
	const struct layer *L = &r->layer[l];
	int hd = r->hd, d_in = r->d_in, shape[2], i, j;
	struct pyobj *w;

	if (!L->linear) {	/* (d_in, d_out): columns h*hd.. */
		shape[0] = d_in;
		shape[1] = hd;
		w = pyt_empty(DT_FLOAT, 2, shape);
		for (i = 0; i < d_in; i++)
			for (j = 0; j < hd; j++)
				pyt_data(&w->u.t)[i * hd + j] = L->w->data[(size_t)i * r->d_out + (size_t)h * hd + j];
		w->u.t.parameter = L->w->parameter;
		w->u.t.requires_grad = L->w->requires_grad;
		w->deps = NAME_BIT(NAME_LAYER0 + l);
		return w;
	}
	{
		struct pyobj *m = py_new(PY_MODULE);

		shape[0] = hd;
		shape[1] = d_in;
		m->u.m.kind = MOD_LINEAR;
		m->u.m.in = d_in;
		m->u.m.out = hd;
		m->u.m.weight = w = pyt_empty(DT_FLOAT, 2, shape);
		memcpy(pyt_data(&w->u.t), L->w->data + (size_t)h * hd * d_in, (size_t)hd * d_in * sizeof(float));
		w->u.t.parameter = w->u.t.requires_grad = 1;
		if (L->b != NULL) {
			m->u.m.bias = pyt_empty(DT_FLOAT, 1, &hd);
			memcpy(pyt_data(&m->u.m.bias->u.t), L->b->data + (size_t)h * hd, (size_t)hd * sizeof(float));
			m->u.m.bias->u.t.parameter = m->u.m.bias->u.t.requires_grad = 1;
		}
		m->deps = NAME_BIT(NAME_LAYER0 + l);
		return m;
	}
}

static int
has_heads(const struct run *r)
{
	return r->stacked && !r->simple && r->layer[LAYER_QUERY].present;
}

static struct pyobj *
heads_list(struct py_session *s)
{
	struct pyobj *l = py_seq(PY_LIST, s->r->H);
	int h;

	for (h = 0; h < s->r->H; h++) {
		struct pyobj *m = py_new(PY_MODULE);

		m->u.m.kind = MOD_HEAD;
		m->u.m.dim = h;
		/* what its repr shows: the book's CausalAttention, its layers and its dropout */
		m->u.m.in = s->r->d_in;
		m->u.m.out = s->r->hd;
		m->u.m.p = s->r->dropout;
		m->u.m.head_linear = s->r->layer[LAYER_QUERY].linear;
		m->u.m.head_bias = (s->r->layer[0].b != NULL) | (s->r->layer[1].b != NULL) << 1 |
		    (s->r->layer[2].b != NULL) << 2;
		l->u.seq.v[h] = m;
	}
	return l;
}

static struct pyobj *
ns_obj(const char *ns)
{
	struct pyobj *o = py_new(PY_NS);

	o->u.ns = ns;
	return o;
}

static const char *const builtin_names[] = { "print", "len", "float", "int", "bool", "abs", NULL };

/*
 * "Did you mean" as Python's REPL offers it for a NameError
 * (Python/suggestions.c): the closest name by a Levenshtein distance where
 * a change of case costs 1 and any other edit 2, within a third of the
 * characters involved; the session's names first (as the notebook's
 * globals: torch, nn, F, math, the stages, the weights, then the
 * variables in the order they were made), then Python's builtins.
 */
#define MOVE_COST 2

static int
subst_cost(char a, char b)
{
	if ((a & 31) != (b & 31))
		return MOVE_COST;
	if (a == b)
		return 0;
	return tolower((unsigned char)a) == tolower((unsigned char)b) ? 1 : MOVE_COST;
}

static size_t
levenshtein(const char *a, size_t na, const char *b, size_t nb, size_t max_cost)
{
	size_t row[40], tmp, result = 0, i, bi;

	while (na && nb && a[0] == b[0]) {
		a++, b++;
		na--, nb--;
	}
	while (na && nb && a[na - 1] == b[nb - 1]) {
		na--;
		nb--;
	}
	if (na == 0 || nb == 0)
		return (na + nb) * MOVE_COST;
	if (na > 40 || nb > 40)
		return max_cost + 1;
	if (nb < na) {
		const char *t = a;

		a = b;
		b = t;
		tmp = na;
		na = nb;
		nb = tmp;
	}
	if ((nb - na) * MOVE_COST > max_cost)
		return max_cost + 1;
	for (i = 0, tmp = MOVE_COST; i < na; i++, tmp += MOVE_COST)
		row[i] = tmp;
	for (bi = 0; bi < nb; bi++) {
		size_t distance = result = bi * MOVE_COST, minimum = (size_t)-1;

		for (i = 0; i < na; i++) {
			size_t substitute = distance + (size_t)subst_cost(b[bi], a[i]), ins;

			distance = row[i];
			ins = (result < distance ? result : distance) + MOVE_COST;
			result = ins < substitute ? ins : substitute;
			row[i] = result;
			if (result < minimum)
				minimum = result;
		}
		if (minimum > max_cost)
			return max_cost + 1;
	}
	return result;
}

struct suggest {
	const char *name, *best;
	size_t best_d;
	int count;
};

static void
suggest_try(struct suggest *g, const char *item)
{
	size_t n = strlen(g->name), m = strlen(item), max_d, d;

	g->count++;
	if (strcmp(item, g->name) == 0)
		return;
	max_d = (n + m + 3) * MOVE_COST / 6;
	if (g->best != NULL && g->best_d - 1 < max_d)
		max_d = g->best_d - 1;
	d = levenshtein(g->name, n, item, m, max_d);
	if (d > max_d)
		return;
	if (g->best == NULL || d < g->best_d) {
		g->best = item;
		g->best_d = d;
	}
}

static int
cmp_seq(const void *a, const void *b)
{
	long x = (*(struct pyvar *const *)a)->seq, y = (*(struct pyvar *const *)b)->seq;

	return x < y ? -1 : x > y;
}

static const char *
suggest_name(const struct py_session *s, const char *name)
{
	static const char *const py_builtins[] = {
		"ArithmeticError", "AssertionError", "AttributeError", "BaseException", "BaseExceptionGroup",
		"BlockingIOError", "BrokenPipeError", "BufferError", "BytesWarning", "ChildProcessError",
		"ConnectionAbortedError", "ConnectionError", "ConnectionRefusedError", "ConnectionResetError",
		"DeprecationWarning", "EOFError", "Ellipsis", "EncodingWarning", "EnvironmentError", "Exception",
		"ExceptionGroup", "False", "FileExistsError", "FileNotFoundError", "FloatingPointError",
		"FutureWarning", "GeneratorExit", "IOError", "ImportError", "ImportWarning", "IndentationError",
		"IndexError", "InterruptedError", "IsADirectoryError", "KeyError", "KeyboardInterrupt",
		"LookupError", "MemoryError", "ModuleNotFoundError", "NameError", "None", "NotADirectoryError",
		"NotImplemented", "NotImplementedError", "OSError", "OverflowError", "PendingDeprecationWarning",
		"PermissionError", "ProcessLookupError", "RecursionError", "ReferenceError", "ResourceWarning",
		"RuntimeError", "RuntimeWarning", "StopAsyncIteration", "StopIteration", "SyntaxError",
		"SyntaxWarning", "SystemError", "SystemExit", "TabError", "TimeoutError", "True", "TypeError",
		"UnboundLocalError", "UnicodeDecodeError", "UnicodeEncodeError", "UnicodeError",
		"UnicodeTranslateError", "UnicodeWarning", "UserWarning", "ValueError", "Warning",
		"ZeroDivisionError", "__build_class__", "__debug__", "__doc__", "__import__", "__loader__",
		"__name__", "__package__", "__spec__", "abs", "aiter", "all", "anext", "any", "ascii", "bin",
		"bool", "breakpoint", "bytearray", "bytes", "callable", "chr", "classmethod", "compile",
		"complex", "copyright", "credits", "delattr", "dict", "dir", "divmod", "enumerate", "eval",
		"exec", "exit", "filter", "float", "format", "frozenset", "getattr", "globals", "hasattr",
		"hash", "help", "hex", "id", "input", "int", "isinstance", "issubclass", "iter", "len",
		"license", "list", "locals", "map", "max", "memoryview", "min", "next", "object", "oct", "open",
		"ord", "pow", "print", "property", "quit", "range", "repr", "reversed", "round", "set",
		"setattr", "slice", "sorted", "staticmethod", "str", "sum", "super", "tuple", "type", "vars",
		"zip", NULL
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
			suggest_try(&g, layer_names[l]);
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
			known |= strcmp(layer_names[l], vars[i]->name) == 0;
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
	struct pyvar *v = var_find(s, name);
	const struct builtin *b;
	struct pyobj *o;
	int id, l;

	if (v != NULL) {
		py_incref(v->v);
		return v->v;
	}
	if ((id = stage_lookup(name)) >= 0) {
		if ((o = session_named(s, id)) == NULL)
			return py_fail(s, "%s: %s", name, s->r->why[id]);
		py_incref(o);
		return o;
	}
	for (l = 0; l < NLAYER; l++)
		if (strcmp(name, layer_names[l]) == 0) {
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
	if ((b = lib_find("", name)) != NULL) {
		o = py_new(PY_FUNC);
		o->u.fn.fn = b;
		return o;
	}
	{
		const char *sug = suggest_name(s, name);

		if (sug != NULL)
			return py_fail(s, "name '%s' is not defined. Did you mean: '%s'?", name, sug);
		return py_fail(s, "name '%s' is not defined", name);
	}
}

/* ---- Python's arithmetic on numbers ---- */

static struct pyobj *
overflow(struct py_session *s)
{
	return py_fail(s, "integer overflow (integers here are 64-bit)");
}

/* Python's float // and %: divmod's floor */
static double
float_floordiv(double a, double b, double *mod_out)
{
	double mod = fmod(a, b), div = (a - mod) / b, fl;

	if (mod != 0) {
		if ((b < 0) != (mod < 0)) {
			mod += b;
			div -= 1.0;
		}
	} else {
		mod = copysign(0.0, b);
	}
	if (div != 0) {
		fl = floor(div);
		if (div - fl > 0.5)
			fl += 1.0;
	} else {
		fl = copysign(0.0, a / b);
	}
	*mod_out = mod;
	return fl;
}

static struct pyobj *
number_binop(struct py_session *s, int op, const struct pyobj *a, const struct pyobj *b)
{
	int ints = py_is_int(a) && py_is_int(b);
	double x = a->type == PY_FLOAT ? a->u.f : (double)a->u.i, y = b->type == PY_FLOAT ? b->u.f : (double)b->u.i;
	long long i = a->u.i, j = b->u.i, r;
	double m;

	switch (op) {
	case O_ADD:
		if (!ints)
			return py_float(x + y);
		if (__builtin_add_overflow(i, j, &r))
			return overflow(s);
		return py_int(r);
	case O_SUB:
		if (!ints)
			return py_float(x - y);
		if (__builtin_sub_overflow(i, j, &r))
			return overflow(s);
		return py_int(r);
	case O_MUL:
		if (!ints)
			return py_float(x * y);
		if (__builtin_mul_overflow(i, j, &r))
			return overflow(s);
		return py_int(r);
	case O_DIV:
		if (y == 0)
			return py_fail(s, ints ? "division by zero" : "float division by zero");
		return py_float(x / y);
	case O_FLOORDIV:
	case O_MOD:
		if (ints) {
			if (j == 0)
				return py_fail(s, op == O_MOD ? "integer modulo by zero" : "integer division or modulo by zero");
			if (i == LLONG_MIN && j == -1)
				return op == O_MOD ? py_int(0) : overflow(s);
			r = i / j;
			if (i % j != 0 && ((i < 0) != (j < 0)))
				r--;
			return py_int(op == O_FLOORDIV ? r : i - r * j);
		}
		if (y == 0)
			return py_fail(s, op == O_MOD ? "float modulo" : "float floor division by zero");
		x = float_floordiv(x, y, &m);
		return py_float(op == O_FLOORDIV ? x : m);
	case O_POW:
		if (ints && j >= 0) {
			long long acc = 1, base = i;

			while (j > 0) {
				if (j & 1 && __builtin_mul_overflow(acc, base, &acc))
					return overflow(s);
				j >>= 1;
				if (j > 0 && __builtin_mul_overflow(base, base, &base))
					return overflow(s);
			}
			return py_int(acc);
		}
		if (x == 0 && y < 0)
			return py_fail(s, "0.0 cannot be raised to a negative power");
		if (x < 0 && y != floor(y))
			return py_fail(s, "complex numbers are not supported (a negative number to a fractional power)");
		errno = 0;
		m = pow(x, y);
		if (isinf(m) && !isinf(x) && !isinf(y))
			return py_fail(s, "(34, 'Numerical result out of range')");
		return py_float(m);
	case O_AND: case O_OR: case O_XOR:
		if (!ints)
			return py_fail(s, "unsupported operand type(s) for %s: '%s' and '%s'", op_text(op),
			    py_type_name(a), py_type_name(b));
		r = op == O_AND ? i & j : op == O_OR ? i | j : i ^ j;
		return a->type == PY_BOOL && b->type == PY_BOOL ? py_bool(r != 0) : py_int(r);
	}
	return py_fail(s, "unsupported operand type(s) for %s: '%s' and '%s'", op_text(op), py_type_name(a),
	    py_type_name(b));
}

static int
bop_code(int op)
{
	switch (op) {
	case O_ADD: return B_ADD;
	case O_SUB: return B_SUB;
	case O_MUL: return B_MUL;
	case O_DIV: return B_DIV;
	case O_FLOORDIV: return B_FLOORDIV;
	case O_MOD: return B_MOD;
	case O_POW: return B_POW;
	case O_AND: return B_AND;
	case O_OR: return B_OR;
	case O_XOR: return B_XOR;
	case O_EQ: return B_EQ;
	case O_NE: return B_NE;
	case O_LT: return B_LT;
	case O_LE: return B_LE;
	case O_GT: return B_GT;
	default: return B_GE;
	}
}

/* a + b that Python refuses: a sequence's own message (tuple's for a torch.Size), else the operator's */
static struct pyobj *
concat_fail(struct py_session *s, int op, const struct pyobj *a, const struct pyobj *b)
{
	if (op == O_ADD && (a->type == PY_TUPLE || a->type == PY_SIZE || a->type == PY_LIST || a->type == PY_STR)) {
		const char *k = a->type == PY_LIST ? "list" : a->type == PY_STR ? "str" : "tuple";

		return py_fail(s, "can only concatenate %s (not \"%s\") to %s", k, py_type_name(b), k);
	}
	return py_fail(s, "unsupported operand type(s) for %s: '%s' and '%s'", op_text(op), py_type_name(a),
	    py_type_name(b));
}

/* tuple + tuple, list + list, seq * n */
static struct pyobj *
seq_binop(struct py_session *s, int op, const struct pyobj *a, const struct pyobj *b)
{
	int i, n;
	struct pyobj *r;

	if (op == O_ADD && (a->type == b->type || (a->type == PY_SIZE && b->type == PY_TUPLE) ||
	    (a->type == PY_TUPLE && b->type == PY_SIZE))) {
		int ta = a->type == PY_SIZE || b->type == PY_SIZE ? (a->type == PY_SIZE ? PY_SIZE : PY_TUPLE) : a->type;

		if (ta == PY_SIZE)
			for (i = 0; i < b->u.seq.n; i++)
				if (!py_is_int(b->u.seq.v[i]))
					ta = PY_TUPLE;
		r = py_seq(ta, a->u.seq.n + b->u.seq.n);
		for (i = 0; i < a->u.seq.n; i++)
			py_incref(r->u.seq.v[i] = a->u.seq.v[i]);
		for (i = 0; i < b->u.seq.n; i++)
			py_incref(r->u.seq.v[a->u.seq.n + i] = b->u.seq.v[i]);
		return r;
	}
	if (op == O_MUL && py_is_int(b)) {
		long long k = b->u.i > 0 ? b->u.i : 0;

		if (k * (long long)a->u.seq.n > 1000000)
			return py_fail(s, "the sequence would be too long (more than 1000000 items)");
		n = (int)(k * a->u.seq.n);
		r = py_seq(a->type, n);
		for (i = 0; i < n; i++)
			py_incref(r->u.seq.v[i] = a->u.seq.v[i % a->u.seq.n]);
		return r;
	}
	return concat_fail(s, op, a, b);
}

static int
is_seq(const struct pyobj *o)
{
	return o->type == PY_TUPLE || o->type == PY_LIST || o->type == PY_SIZE;
}

static struct pyobj *
binop(struct py_session *s, int op, struct pyobj *a, struct pyobj *b)
{
	if ((op == O_ADD || op == O_MUL) && (a->type == PY_RETURNS || b->type == PY_RETURNS)) {	/* tuples */
		struct pyobj *ta = a, *tb = b, *r;
		int i;

		if (a->type == PY_RETURNS) {
			ta = py_seq(PY_TUPLE, a->u.seq.n);
			for (i = 0; i < a->u.seq.n; i++)
				py_incref(ta->u.seq.v[i] = a->u.seq.v[i]);
		} else {
			py_incref(ta);
		}
		if (b->type == PY_RETURNS) {
			tb = py_seq(PY_TUPLE, b->u.seq.n);
			for (i = 0; i < b->u.seq.n; i++)
				py_incref(tb->u.seq.v[i] = b->u.seq.v[i]);
		} else {
			py_incref(tb);
		}
		r = binop(s, op, ta, tb);
		py_decref(ta);
		py_decref(tb);
		return r;
	}
	if (op == O_MATMUL) {
		if (a->type != PY_TENSOR || b->type != PY_TENSOR)
			return py_fail(s, "unsupported operand type(s) for @: '%s' and '%s'", py_type_name(a), py_type_name(b));
		return op_matmul(s, a, b);
	}
	if (op == O_ADD && a->type == PY_RETURNS && b->type == PY_TENSOR)	/* a tuple too */
		return py_fail(s, "can only concatenate tuple (not \"Tensor\") to tuple");
	if ((is_seq(a) && b->type == PY_TENSOR) || (is_seq(b) && a->type == PY_TENSOR && op == O_MUL)) {
		struct pyobj *q = is_seq(a) ? a : b, *t = is_seq(a) ? b : a, *n, *r;
		long long k;

		if (op == O_ADD)	/* the sequence's own concatenation refuses it */
			return concat_fail(s, op, q, t);
		if (op == O_MUL) {	/* repeated: the tensor as an index (__index__) */
			if (t->u.t.numel != 1 || t->u.t.dtype == DT_FLOAT)
				return py_fail(s, "only integer tensors of a single element can be converted to an index");
			k = pyt_geti(&t->u.t, 0);
			n = py_int(k);
			r = seq_binop(s, op, q, n);
			py_decref(n);
			return r;
		}
	}
	if (a->type == PY_TENSOR || b->type == PY_TENSOR)
		return op_binary(s, bop_code(op), a, b);
	if (py_is_number(a) && py_is_number(b))
		return number_binop(s, op, a, b);
	if (is_seq(a) && (is_seq(b) || py_is_int(b)))
		return seq_binop(s, op, a, b);
	if (op == O_MUL && py_is_int(a) && is_seq(b))
		return seq_binop(s, op, b, a);
	if (op == O_MUL && (((is_seq(a) || a->type == PY_RETURNS) && py_is_number(b)) ||
	    ((is_seq(b) || b->type == PY_RETURNS) && py_is_number(a))))
		return py_fail(s, "can't multiply sequence by non-int of type '%s'", py_type_name(py_is_number(b) ? b : a));
	if (op == O_ADD && a->type == PY_STR && b->type == PY_STR) {
		struct pyobj *r = py_new(PY_STR);

		r->u.str.len = a->u.str.len + b->u.str.len;
		r->u.str.s = xmalloc(r->u.str.len + 1);
		memcpy(r->u.str.s, a->u.str.s, a->u.str.len);
		memcpy(r->u.str.s + a->u.str.len, b->u.str.s, b->u.str.len + 1);
		return r;
	}
	return concat_fail(s, op, a, b);
}

/* Python's == between plain values (numbers, strings, None, sequences) */
static int
py_equal(const struct pyobj *a, const struct pyobj *b)
{
	int i;

	if (py_is_number(a) && py_is_number(b)) {
		if (py_is_int(a) && py_is_int(b))
			return a->u.i == b->u.i;
		return (a->type == PY_FLOAT ? a->u.f : (double)a->u.i) == (b->type == PY_FLOAT ? b->u.f : (double)b->u.i);
	}
	if (is_seq(a) && is_seq(b)) {
		if ((a->type == PY_LIST) != (b->type == PY_LIST) || a->u.seq.n != b->u.seq.n)
			return 0;
		for (i = 0; i < a->u.seq.n; i++)
			if (!py_equal(a->u.seq.v[i], b->u.seq.v[i]))
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
	default: return a == b;
	}
}

static struct pyobj *
compare(struct py_session *s, int op, struct pyobj *a, struct pyobj *b)
{
	int r;

	if (a->type == PY_TENSOR || b->type == PY_TENSOR)
		return op_binary(s, bop_code(op), a, b);
	if (op == O_EQ || op == O_NE) {
		r = py_equal(a, b);
		return py_bool(op == O_EQ ? r : !r);
	}
	if (py_is_number(a) && py_is_number(b)) {
		double x = a->type == PY_FLOAT ? a->u.f : (double)a->u.i, y = b->type == PY_FLOAT ? b->u.f : (double)b->u.i;

		if (py_is_int(a) && py_is_int(b))
			r = op == O_LT ? a->u.i < b->u.i : op == O_LE ? a->u.i <= b->u.i : op == O_GT ? a->u.i > b->u.i :
			    a->u.i >= b->u.i;
		else
			r = op == O_LT ? x < y : op == O_LE ? x <= y : op == O_GT ? x > y : x >= y;
		return py_bool(r);
	}
	if (a->type == PY_STR && b->type == PY_STR) {
		size_t n = a->u.str.len < b->u.str.len ? a->u.str.len : b->u.str.len;
		int c = memcmp(a->u.str.s, b->u.str.s, n);

		if (c == 0)
			c = a->u.str.len < b->u.str.len ? -1 : a->u.str.len > b->u.str.len;
		r = op == O_LT ? c < 0 : op == O_LE ? c <= 0 : op == O_GT ? c > 0 : c >= 0;
		return py_bool(r);
	}
	return py_fail(s, "'%s' not supported between instances of '%s' and '%s'", op_text(op), py_type_name(a),
	    py_type_name(b));
}

/* ---- attributes ---- */

static struct pyobj *
module_attr(struct py_session *s, struct pyobj *m, const char *name)
{
	struct pymodule *mod = &m->u.m;

	switch (mod->kind) {
	case MOD_LINEAR:
		if (strcmp(name, "weight") == 0) {
			py_incref(mod->weight);
			return mod->weight;
		}
		if (strcmp(name, "bias") == 0) {
			if (mod->bias == NULL)
				return py_none();
			py_incref(mod->bias);
			return mod->bias;
		}
		if (strcmp(name, "in_features") == 0)
			return py_int(mod->in);
		if (strcmp(name, "out_features") == 0)
			return py_int(mod->out);
		break;
	case MOD_DROPOUT:
		if (strcmp(name, "p") == 0)
			return py_float(mod->p);
		if (strcmp(name, "inplace") == 0)
			return py_bool(0);
		break;
	case MOD_SOFTMAX:
		if (strcmp(name, "dim") == 0)
			return mod->dim == -1000 ? py_none() : py_int(mod->dim);
		break;
	case MOD_HEAD: {
		int l;

		for (l = 0; l < 3; l++)
			if (strcmp(name, layer_names[l]) == 0)
				return head_layer(s, (int)mod->dim, l);
		if (strcmp(name, "dropout") == 0) {	/* the head's nn.Dropout(p), as its repr lists it */
			struct pyobj *d = py_new(PY_MODULE);

			d->u.m.kind = MOD_DROPOUT;
			d->u.m.p = mod->p;
			return d;
		}
		break;
	}
	}
	if (strcmp(name, "training") == 0)
		return py_bool(1);
	return py_fail(s, "'%s' object has no attribute '%s'", py_type_name(m), name);
}

static struct pyobj *
ns_attr(struct py_session *s, struct pyobj *o, const char *name)
{
	const char *ns = o->u.ns;
	const struct builtin *b = lib_find(ns, name);
	struct pyobj *r;

	if (b != NULL) {
		r = py_new(PY_FUNC);
		r->u.fn.fn = b;
		return r;
	}
	if (strcmp(ns, "torch") == 0) {
		if (strcmp(name, "nn") == 0)
			return ns_obj("torch.nn");
		if (strcmp(name, "inf") == 0)
			return py_float(INFINITY);
		if (strcmp(name, "nan") == 0)
			return py_float(NAN);
		if (strcmp(name, "float32") == 0 || strcmp(name, "float") == 0)
			return py_dtype(DT_FLOAT);
		if (strcmp(name, "int64") == 0 || strcmp(name, "long") == 0)
			return py_dtype(DT_INT64);
		if (strcmp(name, "bool") == 0)
			return py_dtype(DT_BOOL);
		if (strcmp(name, "float64") == 0 || strcmp(name, "double") == 0 || strcmp(name, "int32") == 0 ||
		    strcmp(name, "int") == 0 || strcmp(name, "float16") == 0 || strcmp(name, "half") == 0 ||
		    strcmp(name, "uint8") == 0)
			return py_fail(s, "torch.%s: only torch.float32, torch.int64 and torch.bool are supported", name);
	} else if (strcmp(ns, "torch.nn") == 0) {
		if (strcmp(name, "functional") == 0)
			return ns_obj("torch.nn.functional");
	} else if (strcmp(ns, "math") == 0) {
		if (strcmp(name, "inf") == 0)
			return py_float(INFINITY);
		if (strcmp(name, "nan") == 0)
			return py_float(NAN);
		if (strcmp(name, "pi") == 0)
			return py_float(3.141592653589793);
		if (strcmp(name, "e") == 0)
			return py_float(2.718281828459045);
	}
	{
		const char *const *names = lib_names(ns);
		const char *sug = names ? diag_suggest(name, names) : NULL;

		if (sug != NULL)
			return py_fail(s, "module '%s' has no attribute '%s' (or it is not supported). Did you mean: '%s'?",
			    ns, name, sug);
		return py_fail(s, "module '%s' has no attribute '%s' (or it is not supported here)", ns, name);
	}
}

static struct pyobj *
get_attr(struct py_session *s, struct pyobj *o, const char *name)
{
	struct pyobj *r;

	switch (o->type) {
	case PY_TENSOR:
		return lib_tensor_attr(s, o, name);
	case PY_NS:
		return ns_attr(s, o, name);
	case PY_MODULE:
		r = module_attr(s, o, name);
		if (r != NULL)
			r->deps |= o->deps;
		return r;
	case PY_RETURNS:
		if (strcmp(name, "values") == 0 || strcmp(name, "indices") == 0) {
			r = o->u.seq.v[name[0] == 'i'];
			py_incref(r);
			return r;
		}
		break;
	case PY_SIZE:
		if (strcmp(name, "numel") == 0)
			return py_fail(s, "torch.Size.numel() is not supported");
		break;
	case PY_DTYPE:
		if (strcmp(name, "is_floating_point") == 0)
			return py_bool(o->u.i == DT_FLOAT);
		break;
	}
	return py_fail(s, "'%s' object has no attribute '%s'", py_type_name(o), name);
}

/* ---- calls and subscripts ---- */

static struct pyobj *
call(struct py_session *s, const struct node *n)
{
	struct pyobj *f, *args[64], *kwargs[64], *r = NULL;
	char *kwnames[64];
	int nargs = 0, nkw = 0, i;

	if (n->n > 64)
		return py_fail(s, "too many arguments (more than 64)");
	if ((f = eval_node(s, n->a)) == NULL)
		return NULL;
	for (i = 0; i < n->n; i++) {
		const struct node *e = n->items[i];
		struct pyobj *v = eval_node(s, e->kind == N_KW ? e->a : e);

		if (v == NULL)
			goto out;
		if (e->kind == N_KW) {
			int k;

			for (k = 0; k < nkw; k++)
				if (strcmp(kwnames[k], e->name) == 0) {
					py_decref(v);
					py_fail(s, "keyword argument repeated: %s", e->name);
					goto out;
				}
			kwnames[nkw] = e->name;
			kwargs[nkw++] = v;
		} else {
			args[nargs++] = v;
		}
	}
	switch (f->type) {
	case PY_FUNC:
		r = lib_call(s, f, args, nargs, kwnames, kwargs, nkw);
		break;
	case PY_MODULE:
		r = lib_call_module(s, f, args, nargs, kwnames, kwargs, nkw);
		break;
	default:
		py_fail(s, "'%s' object is not callable", py_type_name(f));
	}
out:
	for (i = 0; i < nargs; i++)
		py_decref(args[i]);
	for (i = 0; i < nkw; i++)
		py_decref(kwargs[i]);
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

/* seq[i] or seq[a:b] for tuples, lists, torch.Size */
static struct pyobj *
seq_index(struct py_session *s, struct pyobj *o, struct pyobj *idx)
{
	int n = o->u.seq.n;
	long long i;
	struct pyobj *r;

	if (idx->type == PY_SLICE) {
		long long a = 0, b = n, st = 1, k, m = 0;
		struct pyobj **ends[3] = { &idx->u.slice.start, &idx->u.slice.stop, &idx->u.slice.step };
		long long *vals[3] = { &a, &b, &st };

		for (k = 0; k < 3; k++)
			if (*ends[k] != NULL && (*ends[k])->type != PY_NONE) {
				if (!py_is_int(*ends[k]))
					return py_fail(s, "slice indices must be integers or None or have an __index__ method");
				*vals[k] = (*ends[k])->u.i;
			}
		if (st == 0)
			return py_fail(s, "slice step cannot be zero");
		if (st < 0) {
			if (idx->u.slice.start == NULL || idx->u.slice.start->type == PY_NONE)
				a = n - 1;
			if (idx->u.slice.stop == NULL || idx->u.slice.stop->type == PY_NONE)
				b = -n - 1;
		}
		/* PySlice_AdjustIndices */
		if (a < 0) {
			a += n;
			if (a < 0)
				a = st < 0 ? -1 : 0;
		} else if (a >= n) {
			a = st < 0 ? n - 1 : n;
		}
		if (b < 0) {
			b += n;
			if (b < 0)
				b = st < 0 ? -1 : 0;
		} else if (b >= n) {
			b = st < 0 ? n - 1 : n;
		}
		if (st < 0 ? b < a : a < b)
			m = st < 0 ? (a - b - 1) / -st + 1 : (b - a - 1) / st + 1;
		r = py_seq(o->type == PY_RETURNS ? PY_TUPLE : o->type, (int)m);
		for (k = 0; k < m; k++)
			py_incref(r->u.seq.v[k] = o->u.seq.v[a + k * st]);
		r->deps = o->deps;
		return r;
	}
	if (!py_is_int(idx) && !(idx->type == PY_TENSOR && idx->u.t.ndim == 0 && idx->u.t.dtype != DT_FLOAT))
		return py_fail(s, "%s indices must be integers or slices, not %s", o->type == PY_LIST ? "list" : "tuple",
		    py_type_name(idx));
	i = idx->type == PY_TENSOR ? pyt_geti(&idx->u.t, 0) : idx->u.i;
	if (i < -n || i >= n)
		return py_fail(s, "%s index out of range", o->type == PY_LIST ? "list" : "tuple");
	r = o->u.seq.v[i < 0 ? i + n : i];
	py_incref(r);
	r->deps |= o->deps;
	return r;
}

static struct pyobj *
index_node(struct py_session *s, const struct node *n)
{
	struct pyobj *o, *idx, *r = NULL;

	if ((o = eval_node(s, n->a)) == NULL)
		return NULL;
	if ((idx = subscript_value(s, n)) == NULL) {
		py_decref(o);
		return NULL;
	}
	switch (o->type) {
	case PY_TENSOR:
		r = op_index(s, o, idx);
		if (r != NULL)
			r->deps |= idx->deps;
		break;
	case PY_TUPLE: case PY_LIST: case PY_SIZE: case PY_RETURNS:
		r = seq_index(s, o, idx);
		break;
	default:
		py_fail(s, "'%s' object is not subscriptable", py_type_name(o));
	}
	py_decref(o);
	py_decref(idx);
	return r;
}

/* ---- expressions ---- */

struct pyobj *
eval_node(struct py_session *s, const struct node *n)
{
	struct pyobj *a, *b, *r = NULL;
	int t;

	if (++s->depth > 4 * PY_MAX_DEPTH) {
		s->depth--;
		return py_fail(s, "the line nests too deeply");
	}
	switch (n->kind) {
	case N_NAME:
		r = lookup(s, n->name);
		break;
	case N_INT:
		r = py_int(n->i);
		break;
	case N_FLOAT:
		r = py_float(n->f);
		break;
	case N_STR:
		r = py_str(n->name, n->slen);
		break;
	case N_TRUE:
	case N_FALSE:
		r = py_bool(n->kind == N_TRUE);
		break;
	case N_NONE:
		r = py_none();
		break;
	case N_ELLIPSIS:
		r = py_new(PY_ELLIPSIS);
		break;
	case N_TUPLE:
	case N_LIST: {
		int i;

		r = py_seq(n->kind == N_TUPLE ? PY_TUPLE : PY_LIST, n->n);
		for (i = 0; i < n->n; i++) {
			if ((r->u.seq.v[i] = eval_node(s, n->items[i])) == NULL) {
				py_decref(r);
				r = NULL;
				break;
			}
			r->deps |= r->u.seq.v[i]->deps;
		}
		break;
	}
	case N_BINOP:
	case N_CMP:
		if ((a = eval_node(s, n->a)) == NULL)
			break;
		if ((b = eval_node(s, n->b)) == NULL) {
			py_decref(a);
			break;
		}
		r = n->kind == N_CMP ? compare(s, n->op, a, b) : binop(s, n->op, a, b);
		if (r != NULL)
			r->deps |= a->deps | b->deps;
		py_decref(a);
		py_decref(b);
		break;
	case N_UNARY:
		if ((a = eval_node(s, n->a)) == NULL)
			break;
		if (a->type == PY_TENSOR) {
			if (n->op == O_NEG)
				r = op_neg(s, a);
			else if (n->op == O_INVERT)
				r = op_invert(s, a);
			else if (a->u.t.dtype == DT_BOOL)	/* +x: torch.positive */
				r = py_fail(s, "The `+` operator, on a bool tensor is not supported.");
			else
				py_incref(r = a);
		} else if (py_is_number(a)) {
			if (n->op == O_POS)
				r = a->type == PY_BOOL ? py_int(a->u.i) : (py_incref(a), a);
			else if (n->op == O_NEG)
				r = a->type == PY_FLOAT ? py_float(-a->u.f) : a->u.i == LLONG_MIN ?
				    overflow(s) : py_int(-a->u.i);
			else if (a->type == PY_FLOAT)
				r = py_fail(s, "bad operand type for unary ~: 'float'");
			else
				r = py_int(~a->u.i);
		} else {
			r = py_fail(s, "bad operand type for unary %s: '%s'", op_text(n->op), py_type_name(a));
		}
		if (r != NULL)
			r->deps |= a->deps;
		py_decref(a);
		break;
	case N_NOT:
		if ((a = eval_node(s, n->a)) == NULL)
			break;
		if (op_truth(s, a, &t) == 0)
			r = py_bool(!t);
		py_decref(a);
		break;
	case N_AND:
	case N_OR:
		if ((a = eval_node(s, n->a)) == NULL)
			break;
		if (op_truth(s, a, &t) != 0) {
			py_decref(a);
			break;
		}
		if ((n->kind == N_AND) != (t != 0)) {	/* a decides */
			r = a;
			break;
		}
		py_decref(a);
		r = eval_node(s, n->b);
		break;
	case N_ATTR:
		if ((a = eval_node(s, n->a)) == NULL)
			break;
		r = get_attr(s, a, n->name);
		py_decref(a);
		break;
	case N_CALL:
		r = call(s, n);
		break;
	case N_INDEX:
		r = index_node(s, n);
		break;
	case N_SLICE:
		r = py_fail(s, "a slice (a:b) is only valid inside [...]");
		break;
	default:
		r = py_fail(s, "this expression is not supported");
	}
	s->depth--;
	return r;
}

/* ---- statements ---- */

static int assign(struct py_session *s, const struct node *target, struct pyobj *v);

/* a, b = v: v's items, counted before anything is assigned */
static int
unpack(struct py_session *s, const struct node *target, struct pyobj *v)
{
	int n = target->n, m, i;

	if (v->type == PY_TENSOR) {
		if (v->u.t.ndim == 0) {
			py_fail(s, "iteration over a 0-d tensor");
			return -1;
		}
		m = v->u.t.shape[0];
	} else if (is_seq(v) || v->type == PY_RETURNS) {
		m = v->u.seq.n;
	} else {
		py_fail(s, "cannot unpack non-iterable %s object", py_type_name(v));
		return -1;
	}
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

static int
assign(struct py_session *s, const struct node *target, struct pyobj *v)
{
	switch (target->kind) {
	case N_NAME:
		var_set(s, target->name, v);
		return 0;
	case N_TUPLE:
	case N_LIST:
		return unpack(s, target, v);
	case N_INDEX: {
		struct pyobj *o, *idx;
		int r = -1;

		if ((o = eval_node(s, target->a)) == NULL)
			return -1;
		if ((idx = subscript_value(s, target)) == NULL) {
			py_decref(o);
			return -1;
		}
		if (o->type == PY_TENSOR) {
			r = op_setitem(s, o, idx, v);
			if (r == 0)
				o->deps |= v->deps;
		} else if (o->type == PY_LIST && py_is_int(idx)) {
			long long i = idx->u.i;

			if (i < -o->u.seq.n || i >= o->u.seq.n) {
				py_fail(s, "list assignment index out of range");
			} else {
				if (i < 0)
					i += o->u.seq.n;
				py_decref(o->u.seq.v[i]);
				py_incref(v);
				o->u.seq.v[i] = v;
				r = 0;
			}
		} else {
			py_fail(s, "'%s' object does not support item assignment", py_type_name(o));
		}
		py_decref(o);
		py_decref(idx);
		return r;
	}
	default:
		py_fail(s, "cannot assign to this expression");
		return -1;
	}
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
			if (o->type != PY_TENSOR) {
				py_fail(s, "'%s' object does not support item assignment", py_type_name(o));
			} else if ((view = op_index(s, o, idx)) != NULL) {
				if ((r = op_inplace(s, bop_code(st->op), view, v)) != NULL)
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
	if (t->kind == N_ATTR) {	/* x.attr op= v: in place, or not at all */
		struct pyobj *o = eval_node(s, t->a), *at = NULL;
		int bad = -1;

		if (o != NULL && (at = get_attr(s, o, t->name)) != NULL) {
			if (at->type != PY_TENSOR || st->op == O_MATMUL)
				py_fail(s, "assigning to an attribute (%s = ...) is not supported", t->name);
			else if ((r = op_inplace(s, bop_code(st->op), at, v)) != NULL)
				bad = 0;
		}
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
	if (cur->type == PY_TENSOR && st->op != O_MATMUL)
		r = op_inplace(s, bop_code(st->op), cur, v);
	else if ((r = binop(s, st->op, cur, v)) == NULL && s->failed)
		aug_message(s);
	if (r != NULL) {
		r->deps |= cur->deps | v->deps;
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

		if (strcmp(m, "torch") == 0 || strcmp(m, "torch.nn") == 0 || strcmp(m, "torch.nn.functional") == 0 ||
		    strcmp(m, "math") == 0) {
			o = ns_obj(strcmp(m, "torch") == 0 ? "torch" : strcmp(m, "torch.nn") == 0 ? "torch.nn" :
			    strcmp(m, "math") == 0 ? "math" : "torch.nn.functional");
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
			o = py_new(PY_FUNC);
			o->u.fn.fn = b;
		}
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

static int
exec_stmt(struct py_session *s, const struct stmt *st)
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
		if (diag_interrupted) {	/* Ctrl-C: the kernels stopped early, the value is not one */
			py_decref(v);
			py_fail(s, "interrupted");
			return -1;
		}
		if (v->type != PY_NONE) {
			py_repr(s->out, v, s->po);
			sbuf_addc(s->out, '\n');
		}
		py_decref(v);
		return 0;
	case S_ASSIGN:
		if ((v = eval_node(s, st->value)) == NULL)
			return -1;
		if (diag_interrupted) {	/* nothing half-computed is assigned */
			py_decref(v);
			py_fail(s, "interrupted");
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
				py_fail(s, "del x[...] is not supported (tensors do not support item deletion)");
				return -1;
			}
			if (var_del(s, t->name) != 0) {
				int l, is_layer = 0;

				for (l = 0; l < NLAYER; l++)
					is_layer |= strcmp(t->name, layer_names[l]) == 0;
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

struct py_session *
py_session_new(const struct run *r)
{
	struct py_session *s = xcalloc(1, sizeof *s);

#if defined(M_TRIM_THRESHOLD) && defined(M_MMAP_THRESHOLD)
	/*
	 * A session makes and drops results of the same sizes again and
	 * again.  glibc would give each freed one back to the kernel, which
	 * zeroes every page of it (a 2 MiB huge page at a time) when it is
	 * taken again: 60% of a minGPT product's time.  Keep it instead.
	 */
	mallopt(M_MMAP_THRESHOLD, 64 << 20);
	mallopt(M_TRIM_THRESHOLD, 256 << 20);
#endif
	tensor_threads_lazy(1);	/* the first product big enough for two threads starts a worker that stays */
	s->r = r;
	s->rng = r->rng_end;
	return s;
}

/* the session's memory of the run it is leaving: copied, so that variables outlive it */
static void
detach_run(struct py_session *s)
{
	int i;

	while (s->borrowed != NULL) {
		struct pystorage *st = s->borrowed;
		size_t bytes = st->n * dtype_size(st->dtype);
		void *copy = xmalloc(bytes ? bytes : 1);

		memcpy(copy, st->data, bytes);
		st->data = copy;
		st->borrowed = 0;
		st->origin = -1;
		s->borrowed = st->next;
		if (s->borrowed != NULL)
			s->borrowed->prev = NULL;
		st->s = NULL;
		st->prev = st->next = NULL;
	}
	for (i = 0; i < NAME_COUNT; i++) {
		py_decref(s->named[i]);
		s->named[i] = NULL;
		py_decref(s->shadowed[i]);
		s->shadowed[i] = NULL;
	}
}

/* 1 when stage or weight id holds other values in r than in old */
static int
changed(const struct run *old, const struct run *r, int id)
{
	const struct tensor *a, *b;

	if (id < ST_COUNT) {
		a = old->st[id];
		b = r->st[id];
	} else {
		const struct layer *la = &old->layer[id - NAME_LAYER0], *lb = &r->layer[id - NAME_LAYER0];

		if (la->present != lb->present || la->linear != lb->linear || (la->b == NULL) != (lb->b == NULL))
			return 1;
		if (la->b != NULL && (!tensor_same_shape(la->b, lb->b) ||
		    memcmp(la->b->data, lb->b->data, la->b->numel * sizeof(float)) != 0))
			return 1;
		a = la->w;
		b = lb->w;
	}
	if (a == NULL || b == NULL)
		return a != b;
	return !tensor_same_shape(a, b) || memcmp(a->data, b->data, a->numel * sizeof(float)) != 0;
}

void
py_session_rerun(struct py_session *s, const struct run *r)
{
	unsigned moved = 0;
	int i;

	for (i = 0; i < NAME_COUNT; i++)
		if (changed(s->r, r, i))
			moved |= NAME_BIT(i);
	detach_run(s);
	for (i = 0; i < PY_NVAR_BUCKETS; i++) {
		struct pyvar *v;

		for (v = s->vars[i]; v != NULL; v = v->next)
			if (v->v->deps & moved)
				v->stale = 1;
	}
	s->r = r;
}

void
py_session_free(struct py_session *s)
{
	int i;

	if (s == NULL)
		return;
	tensor_threads_lazy(0);
	for (i = 0; i < PY_NVAR_BUCKETS; i++)
		while (s->vars[i] != NULL)
			var_del(s, s->vars[i]->name);
	for (i = 0; i < NAME_COUNT; i++) {
		py_decref(s->named[i]);
		py_decref(s->shadowed[i]);
	}
	/* storages still borrowed (held by a caller's value) leave the list; they stay on the run */
	while (s->borrowed != NULL) {
		struct pystorage *st = s->borrowed;

		s->borrowed = st->next;
		st->s = NULL;
		st->prev = st->next = NULL;
	}
	free(s);
}

static void
begin(struct py_session *s, const struct print_opts *po, struct sbuf *out, char *err, size_t errlen)
{
	s->po = po;
	s->out = out;
	s->err = err;
	s->errlen = errlen;
	s->failed = 0;
	s->depth = 0;
	s->warned = 0;
	if (errlen > 0)
		err[0] = '\0';
}

int
py_exec(struct py_session *s, const char *text, const struct print_opts *po, struct sbuf *out, char *err,
    size_t errlen)
{
	struct parsed p;
	const struct stmt *st;
	int rc = 0;

	begin(s, po, out, err, errlen);
	if (parse_text(text, &p, err, errlen) != 0)
		return -1;
	for (st = p.first; st != NULL; st = st->next)
		if (exec_stmt(s, st) != 0) {
			rc = -1;
			break;
		}
	parse_free(&p);
	return rc;
}

/* The value of an expression alone (--print); print(x) gives x, as v1 did. */
struct pyobj *
py_eval_expr(struct py_session *s, const char *text, const struct print_opts *po, struct sbuf *out, char *err,
    size_t errlen)
{
	struct parsed p;
	const struct node *n;
	struct pyobj *v;

	begin(s, po, out, err, errlen);
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
	if (is_print_call(s, n) && n->n == 1 && n->items[0]->kind != N_KW)
		n = n->items[0];
	v = eval_node(s, n);
	parse_free(&p);
	return v;
}

int
py_print_expr(struct py_session *s, const char *text, const struct print_opts *po, char **out, char *err,
    size_t errlen)
{
	struct sbuf b = { 0 }, printed = { 0 };
	struct pyobj *v = py_eval_expr(s, text, po, &printed, err, errlen);

	if (v == NULL) {
		free(printed.s);
		return -1;
	}
	if (printed.len > 0)
		sbuf_add(&b, printed.s);	/* print(print(a, b)): "a b", then None, as Python */
	free(printed.s);
	py_str_of(&b, v, po);
	py_decref(v);
	*out = sbuf_take(&b);
	return 0;
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
			return lx.depth > 0 && lx.depth <= PY_MAX_DEPTH;
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

int
py_has_name(const struct py_session *s, const char *name)
{
	int id, l;

	if (var_find(s, name) != NULL)
		return 1;
	if ((id = stage_lookup(name)) >= 0)
		return s->r->st[id] != NULL;
	for (l = 0; l < NLAYER; l++)
		if (strcmp(name, layer_names[l]) == 0)
			return s->r->layer[l].present;
	return 0;
}

static int
cmp_vars(const void *a, const void *b)
{
	return strcmp((*(struct pyvar *const *)a)->name, (*(struct pyvar *const *)b)->name);
}

void
py_vars(const struct py_session *s, struct sbuf *out)
{
	struct pyvar **all = xmalloc(((size_t)s->nvars + 1) * sizeof *all);
	int n = 0, i;

	for (i = 0; i < PY_NVAR_BUCKETS; i++) {
		struct pyvar *v;

		for (v = s->vars[i]; v != NULL; v = v->next)
			all[n++] = v;
	}
	qsort(all, (size_t)n, sizeof *all, cmp_vars);
	if (n == 0)
		sbuf_add(out, "no variables yet (x = ... makes one)\n");
	for (i = 0; i < n; i++) {
		const struct pyobj *o = all[i]->v;

		sbuf_addf(out, "%-16s ", all[i]->name);
		if (o->type == PY_TENSOR) {
			char buf[160];
			int d, k = 0;

			k += snprintf(buf + k, sizeof buf - (size_t)k, "(");
			for (d = 0; d < o->u.t.ndim && k < 120; d++)
				k += snprintf(buf + k, sizeof buf - (size_t)k, "%s%d", d ? ", " : "", o->u.t.shape[d]);
			snprintf(buf + k, sizeof buf - (size_t)k, o->u.t.ndim == 1 ? ",)" : ")");
			sbuf_addf(out, "%s %s %s", o->u.t.parameter ? "Parameter" : "Tensor", buf, dtype_name(o->u.t.dtype));
		} else if (o->type == PY_MODULE || o->type == PY_NS || o->type == PY_FUNC || o->type == PY_SIZE ||
		    py_is_number(o) || o->type == PY_NONE || o->type == PY_DTYPE) {
			struct print_opts po;

			print_opts_default(&po);
			sbuf_addf(out, "%s ", o->type == PY_SIZE ? "Size" : py_type_name(o));
			py_repr(out, o, &po);
		} else if (o->type == PY_STR) {
			sbuf_addf(out, "str of %zu characters", o->u.str.len);
		} else {
			sbuf_addf(out, "%s of %d", py_type_name(o), o->u.seq.n);
		}
		if (all[i]->stale)
			sbuf_add(out, "  (stale: computed before the last set)");
		sbuf_addc(out, '\n');
	}
	free(all);
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
				add_match(&list, &n, &cap, layer_names[i], word, end - wstart);
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
			else if (v->v->type == PY_MODULE && v->v->u.m.kind == MOD_LINEAR) {
				static const char *const attrs[] = { "weight", "bias", "in_features", "out_features", NULL };

				add_all(&list, &n, &cap, attrs, word, end - wstart);
				return list;
			}
		} else if (id >= 0 && s->r->st[id] != NULL) {
			ns = "Tensor";
		} else {
			for (i = 0; i < NLAYER; i++)
				if (strcmp(prefix, layer_names[i]) == 0 && s->r->layer[i].present) {
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
