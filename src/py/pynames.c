/*
 * pynames.c - names behind a dot that are not the library's functions:
 * torch.inf, torch.float32, torch.nn, math.pi (with "did you mean" for a
 * name a namespace lacks), a tensor's attributes (through pylib.c), a
 * torch.return_types' values and indices; and the edit distance of
 * Python's "did you mean" for a NameError (suggest_try).  Modules'
 * attributes stay with the session (pyeval.c): a head's layers are the run's.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "pyint.h"

static struct pyobj *
ns_new(const char *ns)
{
	struct pyobj *o = py_new(PY_NS);

	o->u.ns = ns;
	return o;
}

static struct pyobj *
ns_attr(struct py_session *s, struct pyobj *o, const char *name)
{
	const char *ns = o->u.ns;
	const struct builtin *b = lib_find(ns, name);

	if (b != NULL)
		return py_func(b, NULL);
	if (strcmp(ns, "torch") == 0) {
		if (strcmp(name, "nn") == 0)
			return ns_new("torch.nn");
		if (strcmp(name, "linalg") == 0)
			return ns_new("torch.linalg");
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
		if (strcmp(name, "float64") == 0 || strcmp(name, "double") == 0)
			return py_dtype(DT_DOUBLE);
		if (strcmp(name, "int32") == 0 ||
		    strcmp(name, "int") == 0 || strcmp(name, "float16") == 0 || strcmp(name, "half") == 0 ||
		    strcmp(name, "uint8") == 0)
			return py_fail(s, "torch.%s: only torch.float32, torch.float64, torch.int64 and torch.bool are supported",
			    name);
	} else if (strcmp(ns, "torch.nn") == 0) {
		if (strcmp(name, "functional") == 0)
			return ns_new("torch.nn.functional");
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

/* o.name for any value but a module; NULL after an error */
struct pyobj *
names_attr(struct py_session *s, struct pyobj *o, const char *name)
{
	struct pyobj *r;

	if (strcmp(name, "__name__") == 0) {	/* a class's or a function's: type(x).__name__ */
		const char *n = o->type == PY_CLASS ? o->u.obj.name : o->type == PY_UFUNC ? o->u.uf.def->names[0] :
		    o->type == PY_FUNC && o->u.fn.self == NULL && class_name(o->u.fn.fn) != NULL ? o->u.fn.fn->name : NULL;

		if (n != NULL)
			return py_str(n, strlen(n));
	}
	switch (o->type) {
	case PY_TENSOR:
		return lib_tensor_attr(s, o, name);
	case PY_NS:
		return ns_attr(s, o, name);
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
	case PY_STR:	/* a bound method */
	case PY_LIST:
		if ((r = lib_bound(o, o->type == PY_STR ? "str" : "list", name)) != NULL)
			return r;
		break;
	case PY_DICT:
		if ((r = lib_bound(o, "dict", name)) != NULL)
			return r;
		break;
	case PY_RNG:	/* get_state, seed, ...: Python has them, attn-explain does not */
		if ((r = lib_bound(o, "Generator", name)) != NULL)
			return r;
		return py_fail(s, "torch.Generator's %s is not supported here (manual_seed and initial_seed are)", name);
	case PY_DTYPE:
		if (strcmp(name, "is_floating_point") == 0)
			return py_bool(o->u.i == DT_FLOAT || o->u.i == DT_DOUBLE);
		break;
	}
	return py_fail(s, "'%s' object has no attribute '%s'", py_type_name(o), name);
}

/*
 * "Did you mean" as Python's REPL offers it for a NameError
 * (Python/suggestions.c): the closest name by a Levenshtein distance where
 * a change of case costs 1 and any other edit 2, within a third of the
 * characters involved.
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


void
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
