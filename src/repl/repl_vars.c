/*
 * repl_vars.c - the session's variables where a command takes more than an
 * expression: diff's and why's note when a variable shadows a stage, and
 * check VAR, a variable's tensor as THEIRS (issue 24 item 8).
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../teach/teach.h"
#include "../util/util.h"
#include "../py/py.h"
#include "repl_cmds.h"

#define NAME_CHARS "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"

int
repl_names_stage(const char *name)
{
	int l, stage = stage_lookup(name) >= 0 || strcmp(name, "inputs") == 0;

	for (l = 0; l < NLAYER; l++)
		stage |= strcmp(name, input_layer_names[l]) == 0;
	return stage;
}

void
repl_shadow_note(struct session *s, FILE *fp, const char *cmd, const char *expr)
{
	char name[64];
	size_t n;

	expr += strspn(expr, " \t");
	n = strspn(expr, NAME_CHARS);
	if (n == 0 || n >= sizeof name)
		return;
	memcpy(name, expr, n);
	name[n] = '\0';
	if (py_has_var(s->py, name) && repl_names_stage(name))
		fprintf(fp, "note: %s is your variable here: %s reads it, the same before and after the set, "
		    "not the stage (del %s to compare the stage)\n", name, cmd, name);
}

/* One tensor of THEIRS from value v, labelled name: its values unrounded, as JSON's are. */
static void
theirs_of(struct rp_tensor *t, const char *name, const struct value *v)
{
	size_t k;
	int d;

	memset(t, 0, sizeof *t);
	t->label = xstrdup(name);
	t->json = 1;
	t->dtype = v->dtype == 2 ? RP_BOOL : v->dtype == 1 ? RP_INT64 : RP_FLOAT32;
	t->ndim = v->t->ndim;
	for (d = 0; d < t->ndim; d++)
		t->shown[d] = t->head[d] = t->size[d] = v->t->shape[d];
	t->nshown = v->t->numel;
	t->v = xmalloc((t->nshown ? t->nshown : 1) * sizeof *t->v);
	for (k = 0; k < t->nshown; k++)
		t->v[k] = v->t->data[k];
	t->notation = RP_UNROUNDED;
	t->precision = -1;
	t->grad_fn = v->t->grad_fn != NULL ? xstrdup(v->t->grad_fn) : NULL;
	t->requires_grad = v->t->requires_grad || v->t->grad_fn != NULL;
	t->parameter = v->t->parameter;
}

int
repl_check_var(struct session *s, const char *arg, struct rp_set *out, FILE *fp, char *err, size_t errlen)
{
	struct value v;
	struct stat sb;

	memset(out, 0, sizeof *out);
	if (arg[0] == '\0' || strspn(arg, NAME_CHARS) != strlen(arg) || (arg[0] >= '0' && arg[0] <= '9') ||
	    !py_has_var(s->py, arg))
		return 1;
	if (expr_eval_in(s->py, arg, &v, err, errlen) != 0)
		return -1;
	if (v.kind != VAL_TENSOR) {
		snprintf(err, errlen, "%s is your variable, of type %s: check compares a tensor (or a file of tensors)",
		    arg, value_type(&v));
		value_free(&v);
		return -1;
	}
	if (stat(arg, &sb) == 0)
		fprintf(fp, "note: %s is your variable here: check reads it, not the file %s (check ./%s reads the file)\n",
		    arg, arg, arg);
	out->t = xmalloc(sizeof *out->t);
	out->n = 1;
	theirs_of(&out->t[0], arg, &v);
	value_free(&v);
	return 0;
}
