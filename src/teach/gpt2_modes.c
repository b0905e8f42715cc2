/*
 * gpt2_modes.c - what --model's mode does with a run besides its cells:
 * --print EXPR (the interpreter over the stages, each a variable of its
 * name), --json (every stage with its PyTorch line, the tokens, the
 * config), --emit npz|safetensors (the stages as float32 arrays), --check
 * THEIRS (their prints or JSON against the stages, element by element,
 * check.md's rule of equality) and --why (one element of the attention,
 * its arithmetic with the numbers).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util/util.h"
#include "../kernels/kernels.h"
#include "../pipeline/pipeline.h"
#include "../py/py.h"
#include "cell.h"
#include "readprint.h"
#include "gpt2_mode.h"

/* a session whose variables are the run's stages (token_ids as int64); empty: a run with no stage of its own */
struct py_session *
gctx_session(const struct gctx *c, struct run *empty)
{
	struct py_session *s;

	memset(empty, 0, sizeof *empty);
	s = py_session_new(empty);
	gctx_bind(c, s);
	return s;
}

/* the run's stages bound in s anew (its other variables kept) */
void
gctx_bind(const struct gctx *c, struct py_session *s)
{
	int i;

	for (i = 0; i < G2_NSTAGES; i++) {
		if (i == G2_TOKEN_IDS) {
			int shape[2] = { 1, c->r.T };
			struct tensor *t = tensor_new(2, shape);
			long long *v = xmalloc((size_t)c->r.T * sizeof *v);
			int k;

			for (k = 0; k < c->r.T; k++)
				v[k] = c->r.ids[k];
			py_session_bind(s, "token_ids", t, v);
			free(v);
			tensor_free(t);
		} else if (c->r.st[i] != NULL) {
			py_session_bind(s, gpt2_stage_name(i), c->r.st[i], NULL);
		}
	}
}

int
gctx_prints(const struct gctx *c, const struct gopts *g)
{
	char **out = xcalloc((size_t)g->nprints, sizeof *out), err[512];
	struct print_opts po;
	struct run empty;
	struct py_session *s = gctx_session(c, &empty);
	int i, rc = G2_EXIT_OK;

	print_opts_default(&po);
	for (i = 0; i < g->nprints && rc == G2_EXIT_OK; i++)
		if (py_print_expr(s, g->prints[i], &po, &out[i], err, sizeof err) != 0) {
			diag("--print: %s", err);
			rc = G2_EXIT_DATA;
		}
	for (i = 0; i < g->nprints; i++) {	/* all or nothing: an error leaves stdout empty */
		if (rc == G2_EXIT_OK)
			printf("%s\n", out[i]);
		free(out[i]);
	}
	free(out);
	py_session_free(s);
	return rc;
}

int
gctx_json(FILE *fp, const struct gctx *c, const struct gopts *g)
{
	const struct gpt2_config *k = &c->m.cfg;
	char code[1024], eps[32];
	int i, s;

	fputs("{\n  \"model\": ", fp);
	cell_json_string(fp, g->dir);
	fputs(",\n  \"text\": ", fp);
	if (g->text != NULL)
		cell_json_string(fp, g->text);
	else
		fputs("null", fp);
	fputs(",\n  \"tokens\": ", fp);
	for (i = 0; i < c->n && c->labels != NULL; i++) {
		fputs(i ? ", " : "[", fp);
		cell_json_string(fp, c->labels[i]);
	}
	fputs(c->labels != NULL ? "]" : "null", fp);
	fprintf(fp, ",\n  \"layer\": %d,\n  \"head\": ", c->r.layer);
	fprintf(fp, g->head >= 0 ? "%d" : "null", g->head);
	fprintf(fp, ",\n  \"config\": {\"n_embd\": %d, \"n_head\": %d, \"n_layer\": %d, \"n_positions\": %d, "
	    "\"vocab_size\": %d, \"layer_norm_epsilon\": %s},\n  \"stages\": [\n", k->n_embd, k->n_head, k->n_layer,
	    k->n_positions, k->vocab_size, text_shortest(eps, sizeof eps, k->layer_norm_epsilon, 0, 'g'));
	for (s = 0; s < G2_NSTAGES; s++) {
		if (s != G2_TOKEN_IDS && c->r.st[s] == NULL)
			continue;
		fprintf(fp, "%s    {\"name\": \"%s\", \"expression\": ", s ? ",\n" : "", gpt2_stage_name(s));
		gctx_code(code, sizeof code, c, s);
		cell_json_string(fp, code);
		if (s == G2_TOKEN_IDS) {
			fprintf(fp, ", \"shape\": [1, %d], \"data\": [", c->r.T);
			for (i = 0; i < c->r.T; i++)
				fprintf(fp, "%s%d", i ? ", " : "", c->r.ids[i]);
			fputs("]}", fp);
			continue;
		}
		fputs(", ", fp);
		cell_json_data(fp, c->r.st[s]);
		fputc('}', fp);
	}
	fputs("\n  ]\n}\n", fp);
	return G2_EXIT_OK;
}

int
gctx_export(const struct gctx *c, const struct gopts *g)
{
	struct export_array a[G2_NSTAGES];
	const char *b = strrchr(g->dir, '/');
	char *stem;
	int s, n = 0, rc;

	for (s = 0; s < G2_NSTAGES; s++)
		if (c->r.st[s] != NULL) {
			a[n].name = gpt2_stage_name(s);
			a[n++].t = c->r.st[s];
		}
	b = b != NULL && b[1] != '\0' ? b + 1 : g->dir;	/* gpt2-layer5.npz */
	stem = xmalloc(strlen(b) + 32);
	snprintf(stem, strlen(b) + 32, "%s-layer%d", b, c->r.layer);
	rc = cell_export_arrays(g->output, stem, g->export, a, n, g->force);
	free(stem);
	return rc;
}

/* ---- --check ---- */

/* the first element of t (over shape) that is not equal to ours (at data), or -1; *unit the bound used */
static long
differs(const struct rp_tensor *t, const int *shape, const float *ours, const struct gopts *g, double *unit)
{
	int idx[RP_MAXDIM];
	size_t k;

	(void)g;
	*unit = t->unit;
	for (k = 0; k < t->nshown; k++) {
		double v = t->v[k], x = ours[rp_index(t, k, shape, idx)];
		double bound = t->notation == RP_UNROUNDED ? 1e-6 * (fabs(x) > 1 ? fabs(x) : 1) : t->unit;

		if (isnan(v) || isnan(x) ? !(isnan(v) && isnan(x)) : isinf(v) || isinf(x) ? v != x : fabs(v - x) > bound)
			return (long)k;
	}
	return -1;
}

/* how the report names their tensor: its label, else where it starts */
static const char *
their_name(const struct rp_tensor *t, char *buf, size_t len)
{
	if (t->label != NULL)
		return t->label;
	snprintf(buf, len, "the tensor at line %d", t->line);
	return buf;
}

/* theirs t against stage s (whole, or each head of a 4-d stage); 1 matched, 0 not, -1 no such shape */
static int
check_one(FILE *fp, const struct rp_tensor *t, const struct gctx *c, int s, const struct gopts *g, int quiet)
{
	const struct tensor *o = c->r.st[s];
	double unit;
	long bad;
	int h, idx[RP_MAXDIM];
	char nb[48];
	const char *tn = their_name(t, nb, sizeof nb);

	if (rp_fits(t, o->ndim, o->shape)) {
		if ((bad = differs(t, o->shape, o->data, g, &unit)) < 0) {
			fprintf(fp, "%s: matches %s\n", tn, gpt2_stage_name(s));
			return 1;
		}
		if (!quiet) {
			size_t off = rp_index(t, (size_t)bad, o->shape, idx);
			int d;

			fprintf(fp, "%s: differs from %s at [", tn, gpt2_stage_name(s));
			for (d = 0; d < o->ndim; d++)
				fprintf(fp, "%s%d", d ? ", " : "", idx[d]);
			fprintf(fp, "]: theirs %.9g, ours %.9g\n", t->v[bad], o->data[off]);
		}
		return 0;
	}
	if (o->ndim == 4 && rp_fits(t, 2, o->shape + 2))
		for (h = 0; h < o->shape[1]; h++)
			if (differs(t, o->shape + 2, o->data + (size_t)h * o->shape[2] * o->shape[3], g, &unit) < 0) {
				fprintf(fp, "%s: matches %s[0, %d]\n", tn, gpt2_stage_name(s), h);
				return 1;
			}
	return o->ndim == 4 && rp_fits(t, 2, o->shape + 2) ? 0 : -1;
}

/* their token_ids against the run's ids: 1 matched, 0 not */
static int
check_ids(FILE *fp, const struct rp_tensor *t, const struct gctx *c)
{
	int shape[2] = { 1, c->r.T }, idx[RP_MAXDIM];
	size_t k;

	if (!rp_fits(t, 2, shape)) {
		fprintf(fp, "token_ids: differs: shape, expected (1, %d)\n", c->r.T);
		return 0;
	}
	for (k = 0; k < t->nshown; k++) {
		size_t i = rp_index(t, k, shape, idx);

		if (t->v[k] != (double)c->r.ids[i]) {
			fprintf(fp, "token_ids: differs at [0, %zu]: theirs %.17g, ours %d\n", i, t->v[k], c->r.ids[i]);
			return 0;
		}
	}
	fputs("token_ids: matches token_ids\n", fp);
	return 1;
}

/* theirs t equal to a (whole, or one head of a 4-d one)? -1 no, else the head (0 for whole) and *whole */
static int
equal_to(const struct rp_tensor *t, const struct tensor *a, const struct gopts *g, int *whole)
{
	double unit;
	int h;

	*whole = rp_fits(t, a->ndim, a->shape);
	if (*whole)
		return differs(t, a->shape, a->data, g, &unit) < 0 ? 0 : -1;
	if (a->ndim == 4 && rp_fits(t, 2, a->shape + 2))
		for (h = 0; h < a->shape[1]; h++)
			if (differs(t, a->shape + 2, a->data + (size_t)h * a->shape[2] * a->shape[3], g, &unit) < 0)
				return h;
	return -1;
}

/* one mistake that reproduces their tensor: on stage s (head h unless whole) */
struct hit {
	int s, k, h, whole;
};

static int
hit_order(const void *a, const void *b)
{
	const struct hit *x = a, *y = b;

	return x->s != y->s ? (x->s > y->s) - (x->s < y->s) : (x->k > y->k) - (x->k < y->k);
}

/*
 * The mistakes of check.md (and GPT-2's block mistakes) that reproduce
 * their t (on stage named, or on any stage when named < 0): one line each,
 * three at most, by stage, then by the catalogue's order.
 */
static void
name_mistakes(FILE *fp, const struct rp_tensor *t, const struct gctx *c, int named, const struct gopts *g,
    struct g2_cache *cache)
{
	struct tensor *st[G2_NSTAGES];
	struct hit hits[G2_NMISTAKES * G2_NSTAGES];
	int k, i, s, h, whole, n = 0, seen;

	for (k = 0; k < G2_NMISTAKES; k++) {
		seen = n;	/* any of k's readings: one hit per stage */
		for (i = 0; i < g2_readings(c, k); i++) {
			g2_mistaken(c, cache, k, i, st);
			for (s = G2_RESIDUAL; s < G2_NSTAGES; s++) {
				int j, dup = 0;

				if (st[s] == NULL || (named >= 0 && s != named))
					continue;
				for (j = seen; j < n; j++)
					dup |= hits[j].s == s;
				if (!dup && (h = equal_to(t, st[s], g, &whole)) >= 0)
					hits[n++] = (struct hit){ s, k, h, whole };
			}
			g2_stages_free(st);
		}
	}
	qsort(hits, (size_t)n, sizeof *hits, hit_order);
	for (i = 0; i < n && i < 3; i++) {
		fprintf(fp, "  mistake: %s (%s): it gives %s", g2_mistakes[hits[i].k].id, g2_mistakes[hits[i].k].what,
		    gpt2_stage_name(hits[i].s));
		if (!hits[i].whole)
			fprintf(fp, "[0, %d]", hits[i].h);
		fputc('\n', fp);
	}
}

int
gctx_check(FILE *fp, const struct gctx *c, const struct gopts *g)
{
	struct rp_set theirs = { 0, NULL };
	struct g2_cache cache;
	char err[1024];
	int i, s, ok = 0, r;

	if (rp_load(&theirs, g->check, err, sizeof err) != 0) {
		diag("%s", err);
		return G2_EXIT_DATA;
	}
	memset(&cache, 0, sizeof cache);
	for (i = 0; i < theirs.n; i++) {
		const struct rp_tensor *t = &theirs.t[i];
		int named = t->label != NULL ? gpt2_stage_find(t->label) : -1;

		r = -1;
		if (named == G2_TOKEN_IDS)
			r = check_ids(fp, t, c);
		else if (named >= 0 && c->r.st[named] != NULL)
			r = check_one(fp, t, c, named, g, 0);
		for (s = 1; s < G2_NSTAGES && r < 0; s++)	/* unnamed, or not that stage's shape: any stage it is */
			if (c->r.st[s] != NULL && check_one(fp, t, c, s, g, 1) == 1)
				r = 1;
		if (r < 0) {
			char nb[48];

			fprintf(fp, "%s: no stage of this run has its shape and values\n", their_name(t, nb, sizeof nb));
		}
		if (r != 1)
			name_mistakes(fp, t, c, named >= 0 && c->r.st[named] != NULL && r == 0 ? named : -1, g, &cache);
		ok += r == 1;
	}
	fprintf(fp, "%d of %d match\n", ok, theirs.n);
	g2_cache_free(&cache);
	r = theirs.n - ok;
	rp_free(&theirs);
	return r > 0 ? G2_EXIT_DIFFER : G2_EXIT_OK;
}
