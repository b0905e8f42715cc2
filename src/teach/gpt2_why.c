/*
 * gpt2_why.c - --model's --why EXPR: one element of the attention stages
 * (attn_scores, scaled_scores, masked_scores, attn_weights, context_vecs)
 * as the arithmetic that made it, with the run's numbers and the tokens
 * as text: the dot product of a query and a key, the division by
 * sqrt(head_dim), the causal mask, the softmax of the row, the weighted sum
 * of the values.  An index is NAME[0, h, i, j] (or [h, i, j]).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util/util.h"
#include "../kernels/kernels.h"
#include "gpt2_mode.h"

/* "attn_weights[0, 1, 2, 3]" into the stage and its 4 indices; 0, or -1 with err */
static int
parse(const char *e, const struct gctx *c, int *s, int idx[4], char *err, size_t len)
{
	char name[64];
	const char *p = e + strspn(e, " ");
	int n = 0, k;

	k = (int)strcspn(p, "[ ");
	snprintf(name, sizeof name, "%.*s", k < 63 ? k : 63, p);
	*s = gpt2_stage_find(name);
	if (*s < G2_ATTN_SCORES || *s > G2_CONTEXT_VECS) {
		snprintf(err, len, "--why %s: expected an element of attn_scores, scaled_scores, masked_scores, "
		    "attn_weights or context_vecs, e.g. attn_weights[0, 0, 2, 1]", e);
		return -1;
	}
	p += k;
	p += strspn(p, " ");
	if (*p++ != '[')
		goto bad;
	while (n < 4) {
		char *end;
		long v = strtol(p, &end, 10);

		if (end == p)
			goto bad;
		idx[n++] = (int)v;
		p = end + strspn(end, " ");
		if (*p == ']')
			break;
		if (*p++ != ',')
			goto bad;
	}
	if (*p != ']' || p[1 + strspn(p + 1, " ")] != '\0' || n < 3)
		goto bad;
	if (n == 3) {
		memmove(idx + 1, idx, 3 * sizeof *idx);
		idx[0] = 0;
	}
	for (k = 0; k < 4; k++)
		if (idx[k] < 0 || idx[k] >= c->r.st[*s]->shape[k]) {
			snprintf(err, len, "--why %s: index %d is out of range for dimension %d of size %d", e, idx[k], k,
			    c->r.st[*s]->shape[k]);
			return -1;
		}
	return 0;
bad:
	snprintf(err, len, "--why %s: expected NAME[0, head, row, column] (or [head, row, column])", e);
	return -1;
}

static const char *
tok(const struct gctx *c, int i)
{
	return c->labels != NULL ? c->labels[i] : "";
}

/* element [0, h, i, j] of stage s */
static float
at(const struct gctx *c, int s, int h, int i, int j)
{
	const struct tensor *t = c->r.st[s];

	return t->data[((size_t)h * t->shape[2] + (size_t)i) * t->shape[3] + (size_t)j];
}

/* sum over k of a[k] * b[k] with its terms (all with verbose, else the first 4 and the last) */
static void
terms(FILE *fp, const struct gctx *c, int sa, int sb, int h, int i, int j, int over_rows, int verbose)
{
	int K = over_rows ? i + 1 : c->r.st[sa]->shape[3], k;	/* over the rows: the keys not masked */

	fputs("  = ", fp);
	for (k = 0; k < K; k++) {
		float a = at(c, sa, h, i, k);
		float b = over_rows ? at(c, sb, h, k, j) : at(c, sb, h, j, k);

		if (!verbose && k >= 4 && k < K - 1) {
			if (k == 4)
				fprintf(fp, " + ... (%d more; -v shows every term)", K - 5);
			continue;
		}
		fprintf(fp, "%s%.4f * %.4f", k ? " + " : "", a, b);
		if (k + 1 < K && (verbose ? k % 4 == 3 : k == 3))
			fputs("\n   ", fp);
	}
	fputc('\n', fp);
}

static void
explain(FILE *fp, const struct gctx *c, int s, const int *x, int verbose)
{
	int h = x[1], i = x[2], j = x[3], T = c->r.T, k, hd = c->r.st[G2_QUERIES_HEADS]->shape[3];
	char v[48];

	print_shortest(v, sizeof v, at(c, s, h, i, j));
	fprintf(fp, "%s[0, %d, %d, %d] = %s  (layer %d, head %d", gpt2_stage_name(s), h, i, j, v, c->r.layer, h);
	if (s != G2_CONTEXT_VECS)
		fprintf(fp, "; query %d \"%s\", key %d \"%s\"", i, tok(c, i), j, tok(c, j));
	else
		fprintf(fp, "; query %d \"%s\", dimension %d", i, tok(c, i), j);
	fputs(")\n", fp);
	switch (s) {
	case G2_ATTN_SCORES:
		fprintf(fp, "  = queries_heads[0, %d, %d] . keys_heads[0, %d, %d]  (%d products, summed)\n", h, i, h, j, hd);
		terms(fp, c, G2_QUERIES_HEADS, G2_KEYS_HEADS, h, i, j, 0, verbose);
		break;
	case G2_SCALED_SCORES:
		fprintf(fp, "  = attn_scores[0, %d, %d, %d] / sqrt(%d) = %.4f / %g\n", h, i, j, hd,
		    at(c, G2_ATTN_SCORES, h, i, j), sqrt((double)hd));
		break;
	case G2_MASKED_SCORES:
		if (j > i)
			fprintf(fp, "  = -inf: key %d comes after query %d, and GPT-2 is causal (a token sees only the past)\n", j, i);
		else
			fprintf(fp, "  = scaled_scores[0, %d, %d, %d]: key %d is not after query %d, so it is kept\n", h, i, j, j, i);
		break;
	case G2_ATTN_WEIGHTS: {
		float m = -INFINITY;
		double sum = 0;

		for (k = 0; k <= i && k < T; k++)
			m = at(c, G2_MASKED_SCORES, h, i, k) > m ? at(c, G2_MASKED_SCORES, h, i, k) : m;
		for (k = 0; k <= i; k++)
			sum += expf(at(c, G2_MASKED_SCORES, h, i, k) - m);
		if (j > i)
			fprintf(fp, "  = exp(-inf) / ... = 0: key %d is masked\n", j);
		else
			fprintf(fp, "  = exp(masked_scores[0, %d, %d, %d] - max) / sum over the row's %d unmasked keys\n"
			    "  = exp(%.4f - %.4f) / %.4f\n", h, i, j, i + 1, at(c, G2_MASKED_SCORES, h, i, j), m, sum);
		break;
	}
	default:
		fprintf(fp, "  = sum over the keys k <= %d of attn_weights[0, %d, %d, k] * values_heads[0, %d, k, %d]\n",
		    i, h, i, h, j);
		terms(fp, c, G2_ATTN_WEIGHTS, G2_VALUES_HEADS, h, i, j, 1, verbose);
		break;
	}
}

int
gctx_whys(FILE *fp, const struct gctx *c, const struct gopts *g)
{
	char err[512];
	int i, s, x[4];

	for (i = 0; i < g->nwhys; i++)	/* all checked first: an error leaves stdout empty */
		if (parse(g->whys[i], c, &s, x, err, sizeof err) != 0) {
			diag("%s", err);
			return G2_EXIT_DATA;
		}
	for (i = 0; i < g->nwhys; i++) {
		parse(g->whys[i], c, &s, x, err, sizeof err);
		if (i > 0)
			fputc('\n', fp);
		explain(fp, c, s, x, g->verbose);
	}
	return G2_EXIT_OK;
}
