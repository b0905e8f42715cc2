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
#include "../util/util.h"

/* a name traced equal to a whole stage: for why */
struct traced {
	char *name, *stage, *func;
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
trace_stage_of(const struct trace *t, const char *name, const char **func, int *line)
{
	const struct traced *e;

	for (e = t != NULL ? t->seen : NULL; e != NULL; e = e->next)
		if (strcmp(e->name, name) == 0) {
			*func = e->func;
			*line = e->line;
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

/*
 * The verdict on a traced tensor: as the stage its name stands for when it
 * matches, or differs by a mistake of the catalogue; else equal to another
 * stage, whatever its name; else as the stage its name stands for.  A name
 * changed in place stands for no stage: the stage check mode finds for the
 * tensor alone.  NULL without a run.
 */
static char *
judge(const struct trace *t, const struct py_trace_event *ev, const char *text)
{
	char *named = NULL, *any;

	if (t->r == NULL)
		return NULL;
	if (!ev->in_place && (named = judge_as(t, ev->name, text)) != NULL &&
	    (strncmp(named, "ok ", 3) == 0 || strstr(named, "; mistake: ") != NULL))
		return named;
	any = judge_as(t, NULL, text);
	if (named == NULL || (any != NULL && strncmp(any, "ok ", 3) == 0)) {
		free(named);
		return any;
	}
	free(any);
	return named;
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
static void
label(struct trace *t, const struct py_trace_event *ev, const char *verdict, struct sbuf *head, struct sbuf *named)
{
	char part[160];
	const char *m;
	struct traced *e;

	forget(t, ev->name);
	if (verdict == NULL)
		return;
	if (strncmp(verdict, "ok ", 3) == 0) {
		part_of(verdict, part, sizeof part);
		sbuf_addf(head, ": the stage %s", part);
		if (strchr(part, '[') == NULL && strchr(part, '.') == NULL) {
			e = xmalloc(sizeof *e);
			e->name = xstrdup(ev->name);
			e->stage = xstrdup(part);
			e->func = xstrdup(ev->func);
			e->line = ev->line;
			e->next = t->seen;
			t->seen = e;
		}
	} else if (strncmp(verdict, "differs ", 8) == 0) {
		part_of(verdict, part, sizeof part);
		m = strstr(verdict, "; mistake: ");
		if (m == NULL && !own_name(ev->name, part))
			return;
		sbuf_addf(head, ": differs from the stage %s", part);
		if (t->named++)
			return;
		sbuf_addf(named, "line %d `%.*s` differs from %s: %s\n", ev->line, (int)ev->srclen, ev->src, part,
		    m != NULL ? m + 11 : "no known mistake reproduces it");
	}
}

static void
on_event(void *ctx, const struct py_trace_event *ev)
{
	struct trace *t = ctx;
	struct sbuf head = { 0 }, named = { 0 };
	char *text = value_str(ev->v, &t->po), *verdict = NULL, sh[96];
	const struct tensor *x = ev->v->t;

	sbuf_addf(&head, "[%s, line %d] %s", ev->func, ev->line, ev->name);
	if (ev->v->kind == VAL_TENSOR && x != NULL && !constant(x)) {
		verdict = judge(t, ev, text);
		label(t, ev, verdict, &head, &named);
	} else {
		forget(t, ev->name);
	}
	sbuf_addf(ev->out, "%s\n  >>> %.*s\n", head.s, (int)ev->srclen, ev->src);
	if (ev->v->kind == VAL_TENSOR && x != NULL) {
		sbuf_addf(ev->out, "  shape %s\n", text_dims(sh, sizeof sh, x->ndim, x->shape, "(", ")"));
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
