/*
 * lib_bind.c - a call's arguments bound to a row's parameters, and the
 * message when they do not bind, as the function's own binder says it:
 * PyTorch's argument parser (python_arg_parser.cpp: its overloads, "missing
 * 1 required positional arguments", "received an invalid combination of
 * arguments"), a Python function (def), or a C builtin of Python's (len,
 * math.sqrt: "takes no keyword arguments").  The parameter text's grammar
 * is in lib.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib.h"

enum { ST_PARSER, ST_DEF, ST_BUILTIN };
/* a C method's calling convention (a builtin style's word): how CPython counts its arguments */
enum { CC_NONE, CC_NOARGS, CC_O, CC_CHECKPOS, CC_TUPLE, CC_CLINIC };
#define OV_MAX 8
#define OV_PARAMS 12

struct oparam {
	char name[24], dflt[32];	/* the default's text (~ ones: given as it, it is taken) */
	int u;			/* its index in a[]; -1: unsupported (~) */
	unsigned char req, kwonly, posonly, star;
};

struct overload {
	struct oparam p[OV_PARAMS];
	int n, noargs;		/* noargs: "/" alone, a METH_NOARGS method */
};

struct params {
	char names[LIB_MAXARGS][24];	/* a[]'s order */
	int n, style, nov, cc;
	char who[64];			/* the name in messages */
	struct overload ov[OV_MAX];
};

/* the style a row has without "[...]", and the name its messages give */
static void
default_style(const struct builtin *b, struct params *ps)
{
	const char *ns = lib_ns(b);

	if (strcmp(ns, "Tensor") == 0 || strcmp(ns, "torch") == 0 || strcmp(ns, "torch.nn.functional") == 0)
		ps->style = ST_PARSER;
	else if (ns[0] == '\0' || strcmp(ns, "math") == 0)
		ps->style = ST_BUILTIN;
	else
		ps->style = ST_DEF;
	if (strcmp(ns, "math") == 0)
		snprintf(ps->who, sizeof ps->who, "math.%s", b->name);
	else if (strcmp(ns, "torch.nn") == 0)
		snprintf(ps->who, sizeof ps->who, "%s.__init__", b->name);
	else if (strcmp(ns, "Module") == 0 || strcmp(ns, "ModuleList") == 0)
		snprintf(ps->who, sizeof ps->who, "%s.%s", ns, b->name);
	else
		snprintf(ps->who, sizeof ps->who, "%s", b->name);
}

/* "[def Linear.__init__] " */
static const char *
read_style(const struct builtin *b, const char *p, struct params *ps)
{
	size_t n;

	static const char *const ccs[] = { "builtin", "noargs", "meth_o", "checkpos", "tuple", "clinic" };
	int k;

	default_style(b, ps);
	ps->cc = CC_NONE;
	if (*p != '[')
		return p;
	p++;
	n = strcspn(p, " ]");
	ps->style = strncmp(p, "def", n) == 0 ? ST_DEF : ST_BUILTIN;
	for (k = 0; k < 6; k++)
		if (strlen(ccs[k]) == n && strncmp(p, ccs[k], n) == 0)
			ps->cc = k;
	p += n;
	if (*p == ' ') {
		n = strcspn(++p, "]");
		snprintf(ps->who, sizeof ps->who, "%.*s", (int)n, p);
		p += n;
	}
	return *p == ']' ? p + 1 : p;
}

static int
union_index(struct params *ps, const char *name)
{
	int i;

	for (i = 0; i < ps->n; i++)
		if (strcmp(ps->names[i], name) == 0)
			return i;
	if (ps->n == LIB_MAXARGS)
		return -1;
	snprintf(ps->names[ps->n], sizeof ps->names[0], "%s", name);
	return ps->n++;
}

static void
add_param(struct params *ps, struct overload *o, const char *tok, size_t len, int kwonly)
{
	struct oparam *q;
	int star = 0, unsup = 0;
	size_t n;

	if (o->n == OV_PARAMS)
		return;
	q = &o->p[o->n++];
	if (*tok == '*') {
		star = 1;
		tok++, len--;
	}
	if (*tok == '~') {
		unsup = 1;
		tok++, len--;
	}
	n = strcspn(tok, "=");
	if (n > len)
		n = len;
	snprintf(q->name, sizeof q->name, "%.*s", (int)n, tok);
	snprintf(q->dflt, sizeof q->dflt, "%.*s", n < len ? (int)(len - n - 1) : 0, tok + n + (n < len));
	q->star = (unsigned char)star;
	q->kwonly = (unsigned char)kwonly;
	q->posonly = 0;
	/* a parser's *size is its IntArrayRef: required; Python's *args never is */
	q->req = (unsigned char)(star ? ps->style == ST_PARSER : n == len);
	q->u = unsup ? -1 : union_index(ps, q->name);
}

static void
read_overload(struct params *ps, const struct builtin *b, const char *p, size_t len)
{
	struct overload *o = &ps->ov[ps->nov++];
	const char *end = p + len;
	int kwonly = 0, i;

	o->n = o->noargs = 0;
	if (b->flags & LIB_SELF_FIRST)
		add_param(ps, o, "input", 5, 0);
	while (p < end) {
		size_t n;

		while (p < end && (*p == ' ' || *p == ','))
			p++;
		if (p == end)
			break;
		n = strcspn(p, ",|");
		if (p + n > end)
			n = (size_t)(end - p);
		while (n > 0 && p[n - 1] == ' ')
			n--;
		if (n == 1 && *p == '/') {
			for (i = 0; i < o->n; i++)
				o->p[i].posonly = 1;
			o->noargs = o->n == 0;
		} else if (n == 1 && *p == '*') {
			kwonly = 1;
		} else {
			add_param(ps, o, p, n, kwonly);
			kwonly |= *p == '*';
		}
		p += n;
	}
}

static void
params_read(const struct builtin *b, struct params *ps)
{
	const char *p = read_style(b, b->params, ps);

	ps->n = ps->nov = 0;
	for (;;) {
		size_t n = strcspn(p, "|");

		if (ps->nov < OV_MAX)
			read_overload(ps, b, p, n);
		if (p[n] == '\0')
			break;
		p += n + 1;
	}
}

/* ---- one overload ---- */

/* why an overload did not bind */
enum { B_OK, B_NOKW, B_NOARG, B_MANY, B_MISSING, B_UNEXPECTED, B_MULTIPLE, B_POSONLY, B_ATLEAST, B_UNSUP };

struct bound {
	struct pyobj *v[OV_PARAMS];	/* by the overload's parameters */
	int why, at;			/* the reason; the parameter or keyword it names */
};

static int
max_positional(const struct overload *o, int *star)
{
	int i, n = 0;

	*star = 0;
	for (i = 0; i < o->n; i++) {
		if (o->p[i].star)
			*star = 1;
		if (!o->p[i].kwonly && !o->p[i].star)
			n++;
	}
	return n;
}

/*
 * A keyword names parameter p: by its name or, to PyTorch's argument
 * parser, by its numpy name (python_arg_parser.cpp's
 * numpy_compatibility_arg_names: x.sum(axis=1, keepdims=True)).
 */
static int
names_param(const char *kw, const struct oparam *p, int parser)
{
	static const char *const numpy[][2] = { { "dim", "axis" }, { "keepdim", "keepdims" }, { "other", "x2" } };
	size_t i;

	if (strcmp(kw, p->name) == 0)
		return 1;
	for (i = 0; parser && i < sizeof numpy / sizeof numpy[0]; i++)
		if (strcmp(p->name, numpy[i][0]) == 0 && strcmp(kw, numpy[i][1]) == 0)
			return 1;
	return 0;
}

static int
find_param(const struct overload *o, const char *name, int parser)
{
	int i;

	for (i = 0; i < o->n; i++)
		if (names_param(name, &o->p[i], parser))
			return i;
	return -1;
}

/* a parser's IntArrayRef given by keyword (view(size=(2, 3))): the *size tuple holding it */
static struct pyobj *
star_of(struct pyobj *v, struct pyobj **rest)
{
	py_decref(*rest);
	*rest = py_seq(PY_TUPLE, 1);
	py_incref(v);
	(*rest)->u.seq.v[0] = v;
	return *rest;
}

/* the positional arguments; the "*name" parameter takes the rest as a tuple */
static int
bind_args(const struct overload *o, struct bound *r, struct pyobj **args, int nargs, struct pyobj **rest)
{
	int i, k = 0, j;

	for (i = 0; i < nargs; i++) {
		while (k < o->n && o->p[k].kwonly && !o->p[k].star)
			k++;
		if (k == o->n) {
			r->why = B_MANY;
			return -1;
		}
		if (o->p[k].star) {
			py_decref(*rest);
			*rest = py_seq(PY_TUPLE, nargs - i);
			for (j = 0; j < nargs - i; j++) {
				py_incref(args[i + j]);
				(*rest)->u.seq.v[j] = args[i + j];
			}
			r->v[k] = *rest;
			return 0;
		}
		r->v[k++] = args[i];
	}
	return 0;
}

/* an unsupported parameter given None or its default (repr against the text) */
static int
as_default(struct py_session *s, const struct pyobj *v, const char *dflt)
{
	struct sbuf t = { 0 };
	int same;

	if (v->type == PY_NONE)
		return 1;
	py_repr(&t, v, s->po);
	same = t.s != NULL && strcmp(t.s, dflt) == 0;
	free(t.s);
	return same;
}

/* the first required parameter neither given nor named by a keyword (the parser's order), or -1 */
static int
first_missing(const struct overload *o, const struct bound *r, char **kwnames, int nkw, int by_kw)
{
	int k, i;

	for (k = 0; k < o->n; k++) {
		if (!o->p[k].req || r->v[k] != NULL)
			continue;
		for (i = 0; by_kw && i < nkw; i++)
			if (names_param(kwnames[i], &o->p[k], 1))	/* by_kw: the parser's */
				break;
		if (!by_kw || i == nkw)
			return k;
	}
	return -1;
}

static int
bind_one(struct py_session *s, const struct params *ps, const struct overload *o, struct bound *r, struct pyobj **args, int nargs,
    char **kwnames, struct pyobj **kwargs, int nkw, struct pyobj **rest)
{
	int i, k, posreq = 0, kwable = 0;

	memset(r, 0, sizeof *r);
	for (k = 0; k < o->n; k++) {
		posreq += o->p[k].req && o->p[k].posonly;
		kwable += !o->p[k].posonly;
	}
	r->why = B_NOKW;
	if (o->noargs && nkw > 0)
		return -1;
	r->why = B_NOARG;
	if (o->noargs && nargs > 0)
		return -1;
	r->why = B_NOKW;
	if (ps->style == ST_BUILTIN && nkw > 0 && kwable == 0)
		return -1;
	r->why = B_ATLEAST;
	r->at = posreq;
	if (ps->style == ST_BUILTIN && nargs < posreq && kwable > 0)
		return -1;
	r->why = B_OK;
	if (bind_args(o, r, args, nargs, rest) != 0)
		return -1;
	/* the parser: a required parameter missing before a keyword it does not know */
	if (ps->style == ST_PARSER && (r->at = first_missing(o, r, kwnames, nkw, 1)) >= 0) {
		r->why = B_MISSING;
		return -1;
	}
	for (i = 0; i < nkw; i++) {
		k = find_param(o, kwnames[i], ps->style == ST_PARSER);
		r->at = i;
		if (k < 0 || (o->p[k].posonly && ps->style == ST_BUILTIN) ||
		    (o->p[k].star && ps->style != ST_PARSER)) {
			r->why = ps->style == ST_BUILTIN ? B_POSONLY : B_UNEXPECTED;
			return -1;
		}
		if (r->v[k] != NULL) {
			r->why = B_MULTIPLE;
			return -1;
		}
		r->v[k] = o->p[k].star ? star_of(kwargs[i], rest) : kwargs[i];
	}
	if ((r->at = first_missing(o, r, kwnames, nkw, 0)) >= 0) {
		r->why = B_MISSING;
		return -1;
	}
	for (k = 0; k < o->n; k++)
		if (o->p[k].u < 0 && r->v[k] != NULL && !as_default(s, r->v[k], o->p[k].dflt)) {
			r->why = B_UNSUP;
			r->at = k;
			return -1;
		}
	return 0;
}

/* ---- the messages ---- */

/* "got (Tensor, keepdim=bool)": _argDesc of python_arg_parser.cpp, its keywords from an unordered_map */
static void
arg_desc(struct sbuf *m, struct pyobj **args, int nargs, char **kwnames, struct pyobj **kwargs, int nkw)
{
	int i;

	sbuf_add(m, "(");
	for (i = 0; i < nargs; i++)
		sbuf_addf(m, "%s%s", py_type_name(args[i]), i + 1 < nargs || nkw > 0 ? ", " : "");
	for (i = nkw - 1; i >= 0; i--)	/* an unordered_map's order: the last given first (libstdc++) */
		sbuf_addf(m, "%s=%s%s", kwnames[i], py_type_name(kwargs[i]), nargs > 0 && i == 0 ? "" : ", ");
	sbuf_add(m, ")");
}

/* Python's "'a', 'b', and 'c'" (def), or the parser's "\"a\", \"b\"" */
static void
missing_names(struct sbuf *m, const struct params *ps, const struct overload *o, const struct bound *r,
    int *count)
{
	int k, n = 0, i = 0, all = ps->style == ST_PARSER;	/* the parser names every required one from the first */

	for (k = r->at; k < o->n; k++)
		n += o->p[k].req && (all || r->v[k] == NULL);
	*count = n;
	for (k = r->at; k < o->n; k++) {
		if (!o->p[k].req || (!all && r->v[k] != NULL))
			continue;
		if (ps->style == ST_PARSER)
			sbuf_addf(m, "%s\"%s\"", i > 0 ? ", " : "", o->p[k].name);
		else
			sbuf_addf(m, "%s'%s'", i == 0 ? "" : n == 2 ? " and " : i + 1 == n ? ", and " : ", ",
			    o->p[k].name);
		i++;
	}
}

static void
too_many(struct py_session *s, const struct params *ps, const struct overload *o, int nargs)
{
	int star, max = max_positional(o, &star), min = 0, k, self = strchr(ps->who, '.') != NULL &&
	    ps->style == ST_DEF;

	for (k = 0; k < o->n; k++)
		min += o->p[k].req && !o->p[k].kwonly;
	if (ps->style == ST_BUILTIN) {
		py_fail(s, "%s() takes %d positional argument%s but %d were given", ps->who, max, max == 1 ? "" : "s",
		    nargs);
	} else if (min != max) {
		py_fail(s, "%s() takes from %d to %d positional arguments but %d were given", ps->who, min + self,
		    max + self, nargs + self);
	} else {
		py_fail(s, "%s() takes %d positional argument%s but %d %s given", ps->who, max + self,
		    max + self == 1 ? "" : "s", nargs + self, nargs + self == 1 ? "was" : "were");
	}
}

/* a C builtin's: METH_O's, _PyArg_CheckPositional's, Argument Clinic's */
static void
builtin_missing(struct py_session *s, const struct params *ps, const struct overload *o, const struct bound *r,
    int nargs)
{
	int k, min = 0, all = 1;

	for (k = 0; k < o->n; k++) {
		min += o->p[k].req;
		all &= o->p[k].posonly;
	}
	if (all && o->n == 1)
		py_fail(s, "%s() takes exactly one argument (%d given)", ps->who, nargs);
	else if (all && min == o->n)
		py_fail(s, "%s expected %d argument%s, got %d", ps->who, min, min == 1 ? "" : "s", nargs);
	else if (all)
		py_fail(s, "%s expected at least %d argument%s, got %d", ps->who, min, min == 1 ? "" : "s", nargs);
	else
		py_fail(s, "%s() missing required argument '%s' (pos %d)", ps->who, o->p[r->at].name, r->at + 1);
}

static void
bind_error(struct py_session *s, const struct params *ps, const struct overload *o, const struct bound *r,
    int nargs, char **kwnames)
{
	struct sbuf m = { 0 };
	int n;

	switch (r->why) {
	case B_NOKW:
		py_fail(s, "%s%s() takes no keyword arguments", o->noargs && ps->style == ST_PARSER ? "_TensorBase." : "",
		    ps->who);
		return;
	case B_NOARG:
		py_fail(s, "_TensorBase.%s() takes no arguments (%d given)", ps->who, nargs);
		return;
	case B_ATLEAST:
		py_fail(s, "%s() takes at least %d positional argument%s (%d given)", ps->who, r->at, r->at == 1 ? "" : "s",
		    nargs);
		return;
	case B_MANY:
		too_many(s, ps, o, nargs);
		return;
	case B_UNEXPECTED:
		py_fail(s, "%s() got an unexpected keyword argument '%s'", ps->who, kwnames[r->at]);
		return;
	case B_POSONLY:
		py_fail(s, "'%s' is an invalid keyword argument for %s()", kwnames[r->at], ps->who);
		return;
	case B_MULTIPLE:
		if (ps->style == ST_BUILTIN)	/* Argument Clinic's */
			py_fail(s, "argument for %s() given by name ('%s') and position (%d)", ps->who, kwnames[r->at],
			    find_param(o, kwnames[r->at], ps->style == ST_PARSER) + 1);
		else
			py_fail(s, "%s() got multiple values for argument '%s'", ps->who, kwnames[r->at]);
		return;
	case B_UNSUP:
		py_fail(s, "%s(): argument '%s' is not supported (only its default, %s)", ps->who, o->p[r->at].name,
		    o->p[r->at].dflt[0] ? o->p[r->at].dflt : "None");
		return;
	}
	if (ps->style == ST_BUILTIN) {
		builtin_missing(s, ps, o, r, nargs);
		return;
	}
	missing_names(&m, ps, o, r, &n);
	if (ps->style == ST_PARSER)	/* sic: "arguments" for one */
		py_fail(s, "%s() missing %d required positional argument%s: %s", ps->who, n, n == 1 ? "s" : "", m.s);
	else
		py_fail(s, "%s() missing %d required positional argument%s: %s", ps->who, n, n == 1 ? "" : "s", m.s);
	free(m.s);
}

/* python_arg_parser.cpp's print_error: one overload the count of arguments fits says why, else all */
static void
no_overload(struct py_session *s, const struct params *ps, const struct bound *rs, struct pyobj **args,
    int nargs, char **kwnames, struct pyobj **kwargs, int nkw)
{
	int i, k, fits = 0, which = 0, given = nargs + nkw;
	struct sbuf m = { 0 };

	for (i = 0; i < ps->nov; i++) {	/* an IntArrayRef (*size) counts one, as there */
		int min = 0;

		for (k = 0; k < ps->ov[i].n; k++)
			min += ps->ov[i].p[k].req;
		if (given >= min && given <= ps->ov[i].n) {
			fits++;
			which = i;
		}
	}
	if (fits == 1 || ps->nov == 1 || ps->style != ST_PARSER) {
		if (ps->nov > 1 && fits != 1)
			which = 0;
		bind_error(s, ps, &ps->ov[which], &rs[which], nargs, kwnames);
		return;
	}
	sbuf_addf(&m, "%s() received an invalid combination of arguments - got ", ps->who);
	arg_desc(&m, args, nargs, kwnames, kwargs, nkw);
	sbuf_add(&m, ", but expected one of:");
	py_fail(s, "%s", m.s);
	free(m.s);
}

/*
 * CPython's own checks of a C method's arguments, before its parameters are
 * matched to names: keywords refused by the method descriptor ("str.strip()
 * takes no keyword arguments"), then the count as the convention says it:
 * METH_NOARGS, METH_O, _PyArg_CheckPositional ("strip expected at most 1
 * argument, got 2"), PyArg_ParseTuple ("find() takes at least 1 argument (0
 * given)"), Argument Clinic's _PyArg_UnpackKeywords ("split() takes at most 2
 * arguments (3 given)").  -1 after the message.
 */
static int
cconv_check(struct py_session *s, const struct builtin *b, const struct params *ps, int nargs, int nkw)
{
	const struct overload *o = &ps->ov[0];
	int min = 0, max = 0, k, lim;

	for (k = 0; k < o->n; k++) {
		min += o->p[k].req;
		max += !o->p[k].kwonly && !o->p[k].star;
	}
	if (ps->cc != CC_CLINIC && nkw > 0)
		return py_fail(s, "%s() takes no keyword arguments", ps->who), -1;
	lim = nargs < min ? min : max;
	switch (ps->cc) {
	case CC_NOARGS:
		if (nargs > 0)
			return py_fail(s, "%s() takes no arguments (%d given)", ps->who, nargs), -1;
		break;
	case CC_O:
		if (nargs != 1)
			return py_fail(s, "%s() takes exactly one argument (%d given)", ps->who, nargs), -1;
		break;
	case CC_CHECKPOS:
		if (nargs < min || nargs > max)
			return py_fail(s, "%s expected %s%d argument%s, got %d", b->name, min == max ? "" : nargs < min ?
			    "at least " : "at most ", lim, lim == 1 ? "" : "s", nargs), -1;
		break;
	case CC_TUPLE:
		if (nargs < min || nargs > max)
			return py_fail(s, "%s() takes %s %d argument%s (%d given)", b->name, min == max ? "exactly" :
			    nargs < min ? "at least" : "at most", lim, lim == 1 ? "" : "s", nargs), -1;
		break;
	case CC_CLINIC:
		if (nargs + nkw > max)
			return py_fail(s, "%s() takes at most %d %sargument%s (%d given)", b->name, max,
			    nargs == 0 ? "keyword " : "", max == 1 ? "" : "s", nargs + nkw), -1;
		break;
	}
	return 0;
}

int
lib_bind(struct py_session *s, const struct builtin *b, struct pyobj **args, int nargs, char **kwnames,
    struct pyobj **kwargs, int nkw, struct pyobj **a, struct pyobj **rest)
{
	static struct params ps;	/* large; the interpreter is one thread */
	struct bound rs[OV_MAX];
	const struct overload *o;
	int i, k;

	params_read(b, &ps);
	for (i = 0; i < LIB_MAXARGS; i++)
		a[i] = NULL;
	*rest = NULL;
	if (ps.cc != CC_NONE && cconv_check(s, b, &ps, nargs, nkw) != 0)
		return -1;
	for (i = 0; i < ps.nov; i++)
		if (bind_one(s, &ps, &ps.ov[i], &rs[i], args, nargs, kwnames, kwargs, nkw, rest) == 0)
			break;
	if (i == ps.nov) {
		no_overload(s, &ps, rs, args, nargs, kwnames, kwargs, nkw);
		return -1;
	}
	o = &ps.ov[i];
	for (k = 0; k < o->n; k++) {
		if (rs[i].v[k] == NULL && o->p[k].star && o->p[k].u >= 0) {	/* *args not given: () */
			py_decref(*rest);
			*rest = py_seq(PY_TUPLE, 0);
			a[o->p[k].u] = *rest;
		}
		if (rs[i].v[k] == NULL)
			continue;
		if (o->p[k].u >= 0)
			a[o->p[k].u] = rs[i].v[k];
	}
	return 0;
}

/*
 * A row's parameter text as the binder needs it: a LIB_SELF_FIRST row
 * (torch.f(x, ...)) has "input" first in each overload, unwritten, so a
 * written "input" would be a second one (torch.norm's row once had it:
 * every call then bound its first argument twice).  0 when the row is
 * sound, else -1 with the reason in why.
 */
int
lib_row_check(const struct builtin *b, char *why, size_t n)
{
	struct params ps;
	int k, i;

	if (b->params == NULL)	/* binds its own arguments (str.format) */
		return 0;
	params_read(b, &ps);
	for (k = 0; k < ps.nov; k++) {
		const struct overload *o = &ps.ov[k];

		for (i = b->flags & LIB_SELF_FIRST ? 1 : 0; i < o->n; i++)
			if ((b->flags & LIB_SELF_FIRST) && strcmp(o->p[i].name, "input") == 0) {
				snprintf(why, n, "%s.%s: a self_first row names 'input' (it is unwritten)", lib_ns(b),
				    b->name);
				return -1;
			}
		for (i = 0; i < o->n; i++)
			if (find_param(o, o->p[i].name, 0) != i) {
				snprintf(why, n, "%s.%s: parameter '%s' twice", lib_ns(b), b->name, o->p[i].name);
				return -1;
			}
	}
	return 0;
}
