/* repl_inspect.c - looking at tensors: print, diff, heatmap, explain, why, check. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../teach/teach.h"
#include "../util/util.h"
#include "../py/py.h"
#include "repl_cmds.h"

struct print_job {
	const char *cmd;	/* "print: " or "" (a bare expression), before an error */
	const char *expr;
};

static int
print_expr(struct session *s, FILE *fp, const void *arg)
{
	const struct print_job *j = arg;
	char err[1024], *t;

	if (py_print_expr(s->py, j->expr, &s->in.po, &t, err, sizeof err) != 0)
		return repl_fail("%s%s", j->cmd, interrupt_pending ? "interrupted" : err);
	fprintf(fp, "%s\n", t);
	free(t);
	return 0;
}

/* The statements' output: a bare expression's value, print()'s text; then the error, if any. */
static int
run_python(struct session *s, FILE *fp, const void *arg)
{
	struct sbuf out = { 0 };
	char err[1024];
	int rc = py_exec(s->py, arg, &s->in.po, &out, err, sizeof err);

	fwrite(out.s != NULL ? out.s : "", 1, out.len, fp);	/* what ran before a failure; NULs too */
	if (rc == 0 && (out.len == 0 || (s->tracing && out.len >= 2 && memcmp(out.s + out.len - 2, "\n\n", 2) == 0)))
		s->blank = 1;	/* an assignment shows nothing, as in Python: not even the blank line; a
				 * trace's last cell ends with one */
	free(out.s);
	if (rc != 0 && !interrupt_pending) {
		fflush(fp);
		return repl_fail("%s", err);
	}
	return 0;
}

int
repl_python(struct session *s, const char *text)
{
	int rc;

	s->python = 1;
	rc = repl_output(s, run_python, text);
	s->python = 0;
	return rc;
}

/* trace EXPR: the statement run with the trace on; its names equal to stages kept for why */
int
cmd_trace(struct session *s, char *args)
{
	char *p = repl_skip_ws(args);
	int rc;

	if (*p == '\0')
		return repl_fail("trace: expected a call of your function, e.g. trace self_attention(inputs, W_q, W_k, W_v)");
	trace_free(s->trace);
	s->trace = trace_new(&s->r, &s->in, &s->in.po);
	trace_on(s->trace, s->py);
	s->tracing = 1;
	rc = repl_output(s, run_python, p);
	s->tracing = 0;
	trace_off(s->py);
	return rc;
}

int
cmd_vars(struct session *s, char *args)
{
	struct sbuf out = { 0 };
	char *t;

	if (*repl_skip_ws(args) != '\0')
		return repl_fail("vars: takes no argument");
	py_vars(s->py, &out);
	t = sbuf_take(&out);
	if (*t == '\0')
		printf("no variables yet (x = attn_weights[1] makes one)\n");
	else
		fputs(t, stdout);
	free(t);
	return 0;
}

int
repl_print_expr(struct session *s, const char *cmd, const char *expr)
{
	struct print_job j = { cmd, expr };

	return repl_output(s, print_expr, &j);
}

int
cmd_print(struct session *s, char *args)
{
	const char *e = repl_skip_ws(args);

	if (*e == '\0')
		return repl_fail("print: expected an expression, e.g. print attn_weights[0]");
	return repl_print_expr(s, "print: ", e);
}

/* Largest |old - new|; equal values (infinities, NaN and NaN too) count 0. */
static double
max_abs_diff(const struct tensor *a, const struct tensor *b)
{
	double m = 0, x, y, d;
	size_t k;

	for (k = 0; k < a->numel; k++) {
		x = a->data[k];
		y = b->data[k];
		if (x == y || (isnan(x) && isnan(y)))
			continue;
		d = fabs(x - y);
		if (isnan(d))
			return NAN;
		if (d > m)
			m = d;
	}
	return m;
}

static int
print_diff(struct session *s, FILE *fp, const void *arg)
{
	const char *e = arg;
	struct value old, now;
	char err[512], a[64], b[64], *t;

	/* the session's variables are read as by every expression: the same value in both runs */
	if (expr_eval_on(s->py, &s->prev_r, e, &old, err, sizeof err) != 0)
		return repl_fail("diff: before %s: %s", s->prev_what, err);
	if (expr_eval_on(s->py, &s->r, e, &now, err, sizeof err) != 0) {
		value_free(&old);
		return repl_fail("diff: %s", err);
	}
	repl_shadow_note(s, fp, "diff", e);
	fprintf(fp, "old (before %s):\n", s->prev_what);
	t = value_str(&old, &s->in.po);
	fprintf(fp, "%s\nnew:\n", t);
	free(t);
	t = value_str(&now, &s->in.po);
	fprintf(fp, "%s\n", t);
	free(t);
	if (old.kind != VAL_TENSOR || now.kind != VAL_TENSOR)
		fprintf(fp, "max abs diff: none (not tensors)\n");
	else if (!tensor_same_shape(old.t, now.t))
		fprintf(fp, "shapes differ: %s before, %s now\n", tensor_size_str(a, sizeof a, old.t),
		    tensor_size_str(b, sizeof b, now.t));
	else
		fprintf(fp, "max abs diff: %.6g\n", max_abs_diff(old.t, now.t));
	value_free(&old);
	value_free(&now);
	return 0;
}

int
cmd_diff(struct session *s, char *args)
{
	const char *e = repl_skip_ws(args);

	if (*e == '\0')
		return repl_fail("diff: expected an expression, e.g. diff attn_weights");
	if (!s->has_prev)
		return repl_fail("diff: nothing changed yet (diff EXPR compares EXPR before and after the last set)");
	return repl_output(s, print_diff, e);
}

struct heatmap_job {
	const char *expr;	/* NULL: the current weights */
	int numbers;
};

static int
print_heatmap(struct session *s, FILE *fp, const void *arg)
{
	const struct heatmap_job *j = arg;
	char err[512];

	if (heatmap_print_in(fp, &s->r, s->py, j->expr, s->co.color, j->numbers, err, sizeof err) != 0)
		return repl_fail("heatmap: %s", err);
	return 0;
}

/* Is w a figure's file name: .svg, .png or .pdf, any case? */
static int
is_figure_name(const char *w)
{
	size_t n = strlen(w);

	return n > 4 && w[n - 4] == '.' && (strcasecmp(w + n - 3, "svg") == 0 || strcasecmp(w + n - 3, "png") == 0 ||
	    strcasecmp(w + n - 3, "pdf") == 0);
}

int
repl_figure(struct session *s, const char *expr, const char *path, int numbers, int force)
{
	char err[1024], run[600];
	const char *base = s->in.path != NULL ? strrchr(s->in.path, '/') : NULL;
	int rc;

	base = s->in.path == NULL || strcmp(s->in.path, "-") == 0 ? "stdin" : base != NULL ? base + 1 : s->in.path;
	snprintf(run, sizeof run, "%s, seed %llu", base, (unsigned long long)s->in.seed);
	rc = heatmap_figure(path, &s->r, expr, run, numbers, force, err, sizeof err);
	if (rc != 0)
		return repl_fail("heatmap: %s", err);
	printf("drew %s into %s\n", expr, path);
	return 0;
}

int
cmd_heatmap(struct session *s, char *args)
{
	struct heatmap_job j = { NULL, 0 };
	char *p = repl_skip_ws(args), def[64], *gt, *file = NULL, *e;
	int force = 0;

	while (*p == '-') {
		char *w = repl_next_word(&p);

		if (strcmp(w, "-n") == 0)
			j.numbers = 1;
		else if (strcmp(w, "-f") == 0)
			force = 1;
		else
			return repl_fail("heatmap: unknown option \"%s\" (-n adds the numbers)", w);
		p = repl_skip_ws(p);
	}
	/* hm EXPR > FILE.svg: a figure (the last '>' followed by one figure name only) */
	if ((gt = strrchr(p, '>')) != NULL) {
		file = repl_skip_ws(gt + 1);
		for (e = file + strlen(file); e > file && (e[-1] == ' ' || e[-1] == '\t'); e--)
			;
		*e = '\0';
		if (strpbrk(file, " \t") == NULL && is_figure_name(file)) {
			*gt = '\0';
			for (e = gt; e > p && (e[-1] == ' ' || e[-1] == '\t'); e--)
				e[-1] = '\0';
		} else {
			file = NULL;
		}
	}
	/* bare: the stage the session is at (before the first, the attention weights) */
	j.expr = *p ? p : heatmap_default_expr(def, sizeof def, &s->r, s->pos >= 0 ? s->pos : ST_ATTN_WEIGHTS);
	if (file != NULL)
		return repl_figure(s, j.expr, file, j.numbers, force);
	if (force)
		return repl_fail("heatmap: -f goes with a figure: heatmap -f EXPR > FILE.svg");
	return repl_output(s, print_heatmap, &j);
}

int
cmd_explain(struct session *s, char *args)
{
	struct sbuf b = { 0 };
	char *w = repl_next_word(&args), *t;
	int id;

	if (w != NULL && *repl_skip_ws(args) != '\0')
		return repl_fail("explain: expected one stage, a name or a number");
	if (w != NULL && strcmp(w, "weights") == 0) {
		if (s->r.setup == NULL)
			return repl_fail("explain: weights: this run has none (queries = keys = values = inputs)");
		id = -1;
	} else if (w != NULL) {
		if ((id = repl_find_stage(s, "explain", w, 1)) < 0)
			return -1;
	} else if (s->pos >= 0) {
		id = s->pos;
	} else if (s->r.setup != NULL) {
		id = -1;
	} else {
		return repl_fail("explain: before the first stage: name one (explain attn_weights) or step with next");
	}
	printf("%s%s%s: %s\n", s->co.color ? BOLD : "", id < 0 ? "weights" : stage_defs[id].name,
	    s->co.color ? RESET : "", id < 0 ? "where the projection matrices come from" : stage_what(&s->r, id));
	explain_stage(&b, &s->r, id);
	t = sbuf_take(&b);
	repl_wrapped(stdout, t, "  # ", 76, s->co.color);
	free(t);
	return 0;
}

/* check's and why's job for repl_output: the rest of the line and the options read off it */
struct opts_job {
	const char *text;	/* check: the file THEIRS; why: the expression */
	const void *o;		/* struct check_opts, struct why_opts */
};

static int
print_check(struct session *s, FILE *fp, const void *arg)
{
	const struct opts_job *j = arg;
	const char *path = j->text;
	struct rp_set theirs;
	char err[1024];
	int n;

	if ((n = repl_check_var(s, path, &theirs, fp, err, sizeof err)) < 0)
		return repl_fail("check: %s", err);
	if (n > 0 && rp_load(&theirs, path, err, sizeof err) != 0)
		return repl_fail("check: %s", err);
	n = check_run(fp, &s->r, &s->in, &theirs, j->o);
	rp_free(&theirs);
	return n < 0 ? -1 : 0;
}

/* check [-v] [--tolerance X] THEIRS: the rest of the line names the file (spaces and all) */
int
cmd_check(struct session *s, char *args)
{
	struct check_opts o;
	struct opts_job j = { NULL, &o };
	char *p = repl_skip_ws(args), *w, *e;

	memset(&o, 0, sizeof o);
	while (*p == '-' && p[1] != '\0' && p[1] != ' ' && p[1] != '\t') {
		w = repl_next_word(&p);
		if (strcmp(w, "-v") == 0) {
			o.verbose = 1;
		} else if (strcmp(w, "--tolerance") == 0) {
			if ((w = repl_next_word(&p)) == NULL || check_parse_tolerance(w, &o.tolerance) != 0)
				return repl_fail("check: --tolerance: expected a number >= 0, got %s%s%s", w ? "\"" : "",
				    w ? w : "nothing", w ? "\"" : "");
			o.has_tolerance = 1;
		} else {
			return repl_fail("check: unknown option \"%s\" (-v shows the tensors side by side; "
			    "--tolerance X compares within X)", w);
		}
		p = repl_skip_ws(p);
	}
	for (e = p + strlen(p); e > p && (e[-1] == ' ' || e[-1] == '\t'); e--)
		;
	*e = '\0';
	if (*p == '\0')
		return repl_fail("check: expected a file of PyTorch prints or JSON, e.g. check notebook.txt");
	if (strcmp(p, "-") == 0)
		return repl_fail("check: standard input holds the session's commands; give THEIRS as a file");
	j.text = p;
	return repl_output(s, print_check, &j);
}

static int
print_why(struct session *s, FILE *fp, const void *arg)
{
	const struct opts_job *j = arg;
	char err[512], name[64], expr[512];
	const char *e = repl_skip_ws((char *)j->text), *traced, *fn, *differs;
	size_t n = strspn(e, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
	int l;

	/* a variable of the session is read first, as by every expression: why explains the run's stages */
	snprintf(name, sizeof name, "%.*s", (int)(n < 63 ? n : 63), e);
	if (n > 0 && n < 63 && !py_has_var(s->py, name) &&
	    (traced = trace_stage_of(s->trace, name, &fn, &l, &differs)) != NULL) {
		/* a name the last trace judged as a stage: that stage's element, said so unless it is the same */
		if (differs != NULL)
			fprintf(fp, "note: %s (line %d of %s, traced) differs from the stage %s: %s; why explains the "
			    "stage as the run computes it, not your traced value\n", name, l, fn, traced, differs);
		else if (strcmp(name, traced) != 0)
			fprintf(fp, "note: %s (line %d of %s, traced) equals the stage %s: why explains that stage's "
			    "element\n", name, l, fn, traced);
		snprintf(expr, sizeof expr, "%s%s", traced, e + n);
		if (why_print(fp, &s->r, &s->in, expr, j->o, err, sizeof err) != 0)
			return repl_fail("%s", err);
		return 0;
	}
	if (n > 0 && n < 63 && py_has_var(s->py, name)) {
		if (!repl_names_stage(name))
			return repl_fail("why: %s is your variable, and why explains how an element of a stage was "
			    "computed: give a stage's element, e.g. why attn_weights[1, 0] (print(%s) shows yours)", name, name);
		fprintf(fp, "note: %s is your variable here; why explains the run's stage %s, not your variable "
		    "(print(%s) shows yours)\n", name, name, name);
	}
	if (why_print(fp, &s->r, &s->in, j->text, j->o, err, sizeof err) != 0)
		return repl_fail("%s", err);
	return 0;
}

/* why [-d N] [-v] EXPR */
int
cmd_why(struct session *s, char *args)
{
	struct why_opts o;
	struct opts_job j = { NULL, &o };
	char *p = repl_skip_ws(args), ex[64];
	int d, nd = s->r.st[ST_ATTN_WEIGHTS]->ndim;

	snprintf(ex, sizeof ex, "why -d 2 attn_weights[");	/* an example that fits this run */
	for (d = 0; d < nd; d++)
		snprintf(ex + strlen(ex), sizeof ex - strlen(ex), "%s%d", d ? ", " : "", d == nd - 2 && s->r.T > 1);
	snprintf(ex + strlen(ex), sizeof ex - strlen(ex), "]");

	memset(&o, 0, sizeof o);
	o.depth = 1;
	o.explain = s->co.explain;
	o.po = s->in.po;
	while (*p == '-') {
		char *w = repl_next_word(&p), *v;

		if (strcmp(w, "-v") == 0) {
			o.verbose = 1;
		} else if (strcmp(w, "-d") == 0) {
			if ((v = repl_next_word(&p)) == NULL)
				return repl_fail("why -d: expected how deep, a number from 1 to %d or all, e.g. %s",
				    WHY_MAX_DEPTH, ex);
			if (why_depth(v, &o.depth) != 0)
				return repl_fail("why -d: expected a number from 1 to %d, or all, got \"%.40s\", e.g. %s",
				    WHY_MAX_DEPTH, v, ex);
		} else {
			return repl_fail("why: unknown option \"%.40s\" (-d N: N stages deep, -v: every term), e.g. %s",
			    w, ex);
		}
		p = repl_skip_ws(p);
	}
	j.text = p;
	return repl_output(s, print_why, &j);
}
