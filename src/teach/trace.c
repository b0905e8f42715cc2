/*
 * trace.c - the cells of a trace (trace.h): the hook py_trace() calls for
 * each name an assignment in a script function's frame bound, the cell
 * written, and the traced tensor judged by check_run() as a print of it
 * labelled with its name would be (check.md's rules: the label, the
 * shape, equal within one unit of the last printed digit).
 */
#include <stdlib.h>
#include <string.h>

#include "trace.h"
#include "check.h"
#include "readprint.h"
#include "../kernels/kernels.h"
#include "../util/util.h"

/* a name traced as a whole stage, equal or not (differs: the verdict's mistake): for why */
struct traced {
	char *name, *stage, *func, *differs;
	int line;
	struct traced *next;
};

struct trace {
	const struct run *r;
	const struct input *in;
	struct print_opts po;
	int named;		/* the first differing line was named */
	struct traced *seen;
};

struct trace *
trace_new(const struct run *r, const struct input *in, const struct print_opts *po)
{
	struct trace *t = xmalloc(sizeof *t);

	memset(t, 0, sizeof *t);
	t->r = r;
	t->in = in;
	t->po = *po;
	return t;
}

static void
forget(struct trace *t, const char *name)
{
	struct traced **pp, *e;

	for (pp = &t->seen; (e = *pp) != NULL; pp = &e->next)
		if (strcmp(e->name, name) == 0) {
			*pp = e->next;
			free(e->name);
			free(e->stage);
			free(e->func);
			free(e->differs);
			free(e);
			return;
		}
}

void
trace_free(struct trace *t)
{
	if (t == NULL)
		return;
	while (t->seen != NULL)
		forget(t, t->seen->name);
	free(t);
}

const char *
trace_stage_of(const struct trace *t, const char *name, const char **func, int *line, const char **differs)
{
	const struct traced *e;

	for (e = t != NULL ? t->seen : NULL; e != NULL; e = e->next)
		if (strcmp(e->name, name) == 0) {
			*func = e->func;
			*line = e->line;
			*differs = e->differs;
			return e->stage;
		}
	return NULL;
}

/* check mode's one line about the print `text`, labelled name (or not: NULL), or NULL (no verdict) */
static char *
judge_as(const struct trace *t, const char *name, const char *text)
{
	struct rp_set set;
	struct check_opts o;
	struct sbuf b = { 0 };
	char err[256], *report = NULL, *nl;
	size_t len = 0;
	FILE *mem;

	sbuf_addf(&b, "%s\n%s\n", name != NULL ? name : "", text);
	memset(&set, 0, sizeof set);
	if (rp_read(&set, "trace", b.s, b.len, err, sizeof err) != 0 || set.n != 1 ||
	    (mem = open_memstream(&report, &len)) == NULL) {
		rp_free(&set);
		free(b.s);
		return NULL;
	}
	memset(&o, 0, sizeof o);
	check_run(mem, t->r, t->in, &set, &o);
	fclose(mem);
	rp_free(&set);
	free(b.s);
	if (report != NULL && (nl = strchr(report, '\n')) != NULL)
		*nl = '\0';
	return report;
}

/* a verdict names a mistake of the catalogue: how many ("a" or "a+b"), else 0 */
static int
mistakes(const char *verdict)
{
	const char *m = verdict != NULL ? strstr(verdict, "; mistake: ") : NULL;

	return m == NULL ? 0 : 1 + (strchr(m, '+') != NULL && strchr(m, '+') < strchr(m, '(') ? 1 : 0);
}

/*
 * The verdict on a traced tensor: as the stage its name stands for when it
 * matches, or differs by a mistake of the catalogue; else equal to another
 * stage, whatever its name; else as the stage its name stands for.  Two
 * exceptions.  Of two mistakes, the one fewer ids explain (the merged heads
 * without their transpose back, named context_vec as the book names its
 * output: heads-not-transposed, not heads-not-transposed+no-out-proj).
 * And a value equal to a stage that only no-out-proj would make it the
 * output is that stage: a step before the projection, the book's merged
 * context_vec; if the function returns it, its return names the mistake.
 * A name changed in place stands for no stage: the stage check mode finds
 * for the tensor alone.  NULL without a run.
 */
static char *
judge(const struct trace *t, const struct py_trace_event *ev, const char *text)
{
	char *named = NULL, *any;
	int nm;

	if (t->r == NULL)
		return NULL;
	if (!ev->in_place && (named = judge_as(t, ev->name, text)) != NULL && strncmp(named, "ok ", 3) == 0)
		return named;
	any = judge_as(t, NULL, text);
	nm = mistakes(named);
	if (nm > 0 && any != NULL && !(strncmp(any, "ok ", 3) == 0 && strstr(named, "; mistake: no-out-proj (") != NULL) &&
	    !(mistakes(any) > 0 && mistakes(any) < nm)) {
		free(any);
		return named;
	}
	if (named == NULL || (any != NULL && (nm > 0 || strncmp(any, "ok ", 3) == 0))) {
		free(named);
		return any;
	}
	free(any);
	return named;
}

/* x with dimensions 1 and 2 swapped, printed (a 4-d x: (b, T, H, d) as the heads' (b, H, T, d)) */
static char *
transposed_text(const struct trace *t, const struct tensor *x)
{
	int shape[TENSOR_MAXDIM], i, j, k, l;
	struct tensor *y;
	char *text;

	memcpy(shape, x->shape, sizeof shape);
	shape[1] = x->shape[2];
	shape[2] = x->shape[1];
	if ((y = tensor_new(4, shape)) == NULL)
		return NULL;
	for (i = 0; i < shape[0]; i++)
		for (j = 0; j < shape[1]; j++)
			for (k = 0; k < shape[2]; k++)
				for (l = 0; l < shape[3]; l++)
					y->data[((i * shape[1] + j) * shape[2] + k) * shape[3] + l] =
					    x->data[((i * x->shape[1] + k) * x->shape[2] + j) * shape[3] + l];
	text = print_tensor_str(y, &t->po);
	tensor_free(y);
	return text;
}

/*
 * A 4-d value no stage equals, that one does with dimensions 1 and 2
 * swapped: keys.view(b, T, H, d) before its transpose, (attn_weights @
 * values).transpose(1, 2) before the heads merge.  The stage, or NULL.
 */
static char *
judge_transposed(const struct trace *t, const struct tensor *x)
{
	char *text, *v;

	if (t->r == NULL || x->ndim != 4 || (text = transposed_text(t, x)) == NULL)
		return NULL;
	v = judge_as(t, NULL, text);
	free(text);
	if (v != NULL && strncmp(v, "ok ", 3) != 0) {
		free(v);
		v = NULL;
	}
	return v;
}

/* "PART" from check's "NAME taken as PART (shape)" or "NAME (shape)", into buf */
static void
part_of(const char *verdict, char *buf, size_t len)
{
	const char *p = strstr(verdict, " taken as "), *e;

	p = p != NULL ? p + 10 : verdict + 9;	/* after "ok       " or "differs  " */
	e = strstr(p, " (");
	snprintf(buf, len, "%.*s", (int)(e != NULL ? e - p : (ptrdiff_t)strlen(p)), p);
}

/* every element the same (a buffer just made: torch.zeros, torch.empty, torch.ones): not judged */
static int
constant(const struct tensor *x)
{
	size_t i;

	for (i = 1; i < x->numel; i++)
		if (memcmp(&x->data[i], &x->data[0], sizeof x->data[0]) != 0)
			return 0;
	return x->numel > 1;
}

/* the name is the part's stage's own: attn_weights for attn_weights or attn_weights[1] */
static int
own_name(const char *name, const char *part)
{
	size_t n = strcspn(part, "[.");

	return strlen(name) == n && strncmp(name, part, n) == 0;
}

/*
 * The label a judged value gets; the first differing line also gets a line
 * of its own in *named.  A value that differs is said to stand for a stage
 * when a mistake of the catalogue explains it, or when its name is the
 * stage's; otherwise (e = torch.exp(...), a step no stage shows) it gets no
 * label.
 */
/* name (traced at ev) stands for the whole stage `part`: kept for why (differs: NULL when equal) */
static void
remember(struct trace *t, const struct py_trace_event *ev, const char *part, const char *differs)
{
	struct traced *e;

	if (strchr(part, '[') != NULL || strchr(part, '.') != NULL)
		return;
	e = xmalloc(sizeof *e);
	e->name = xstrdup(ev->name);
	e->stage = xstrdup(part);
	e->func = xstrdup(ev->func);
	e->differs = differs != NULL ? xstrdup(differs) : NULL;
	e->line = ev->line;
	e->next = t->seen;
	t->seen = e;
}

static void
label(struct trace *t, const struct py_trace_event *ev, const char *verdict, struct sbuf *head, struct sbuf *named)
{
	char part[160];
	const char *m;

	forget(t, ev->name);
	if (verdict == NULL)
		return;
	if (strncmp(verdict, "ok ", 3) == 0) {
		part_of(verdict, part, sizeof part);
		sbuf_addf(head, ": the stage %s", part);
		remember(t, ev, part, NULL);
	} else if (strncmp(verdict, "differs ", 8) == 0) {
		part_of(verdict, part, sizeof part);
		m = strstr(verdict, "; mistake: ");
		if (m == NULL && !own_name(ev->name, part))
			return;
		sbuf_addf(head, ": differs from the stage %s", part);
		remember(t, ev, part, m != NULL ? m + 11 : "no known mistake reproduces it");
		if (t->named++)
			return;
		sbuf_addf(named, "line %d `%.*s` differs from %s: %s\n", ev->line, (int)ev->srclen, ev->src, part,
		    m != NULL ? m + 11 : "no known mistake reproduces it");
	}
}

/*
 * A value a function returns, judged as the stage its name stands for (a
 * name's, else the output): when no line was named yet and a mistake of the
 * catalogue explains it, the return is the first wrong line (no-out-proj:
 * the merged heads given back unprojected).  No cell: the caller shows it.
 */
static void
on_return(struct trace *t, const struct py_trace_event *ev, const char *text)
{
	char *v, part[160];
	const char *m;

	if (t->named || t->r == NULL || ev->v->kind != VAL_TENSOR || ev->v->t == NULL)
		return;
	v = judge_as(t, ev->name[0] != '\0' ? ev->name : "output", text);
	if (v != NULL && strncmp(v, "differs ", 8) == 0 && (m = strstr(v, "; mistake: ")) != NULL) {
		part_of(v, part, sizeof part);
		sbuf_addf(ev->out, "line %d `%.*s` differs from %s: %s\n", ev->line, (int)ev->srclen, ev->src, part,
		    m + 11);
		t->named++;
	}
	free(v);
}

/* the label of a value no stage equals as it is, but one does with dimensions 1 and 2 swapped; 1 if so */
static int
label_transposed(struct trace *t, const struct py_trace_event *ev, const char *verdict, struct sbuf *head)
{
	char part[160], *v;

	if ((verdict != NULL && (strncmp(verdict, "ok ", 3) == 0 || mistakes(verdict) > 0)) ||
	    (v = judge_transposed(t, ev->v->t)) == NULL)
		return 0;
	part_of(v, part, sizeof part);
	sbuf_addf(head, ": the stage %s.transpose(1, 2)", part);
	forget(t, ev->name);
	free(v);
	return 1;
}

static void
on_event(void *ctx, const struct py_trace_event *ev)
{
	struct trace *t = ctx;
	struct sbuf head = { 0 }, named = { 0 };
	char *text = value_str(ev->v, &t->po), *verdict = NULL, sh[96];
	const struct tensor *x = ev->v->t;

	if (ev->returned) {
		on_return(t, ev, text);
		free(text);
		return;
	}
	sbuf_addf(&head, "[%s, line %d] %s", ev->func, ev->line, ev->name);
	if (ev->v->kind == VAL_TENSOR && x != NULL && !constant(x)) {
		verdict = judge(t, ev, text);
		if (!label_transposed(t, ev, verdict, &head))
			label(t, ev, verdict, &head, &named);
	} else {
		forget(t, ev->name);
	}
	sbuf_addf(ev->out, "%s\n  >>> %.*s\n", head.s, (int)ev->srclen, ev->src);
	if (ev->v->kind == VAL_TENSOR && x != NULL) {
		sbuf_addf(ev->out, "  shape %s\n", text_dims(sh, sizeof sh, x->ndim, x->shape, "(", ")"));
	}
	if (ev->po != NULL) {	/* shown as print() shows it now; judged above in the run's options */
		free(text);
		text = value_str(ev->v, ev->po);
	}
	sbuf_addf(ev->out, "%s\n", text);
	if (named.len > 0)
		sbuf_addf(ev->out, "%s", named.s);
	sbuf_add(ev->out, "\n");
	free(head.s);
	free(named.s);
	free(verdict);
	free(text);
}

void
trace_on(struct trace *t, struct py_session *s)
{
	t->named = 0;
	py_trace(s, on_event, t);
}

void
trace_off(struct py_session *s)
{
	py_trace(s, NULL, NULL);
}
