/*
 * gpt2_why.c - --model's --why EXPR (and the model REPL's why): one
 * element of any stage as the arithmetic that made it, with the run's
 * numbers and the tokens as text.  The attention stages: the dot product
 * of a query and a key, the division by sqrt(head_dim), the causal mask,
 * the softmax of the row, the weighted sum of the values.  The stages
 * before them: the wte / wpe row looked up, their sum, layer norm's mean,
 * variance and (x - mean) / sqrt(var + eps) * w + b, Conv1D's sum from the
 * bias (x @ W[:, j] + b[j]), the split's and the head views' columns, the
 * merge, c_proj.  Numbers as print() shows a 0-d tensor; the recomputed
 * value is made by the kernel's own code (tensor_layer_norm_one,
 * tensor_addmm_one), and a note says so should it ever differ from the
 * stage's bits.  An index is NAME[0, h, i, j] (or [h, i, j]), NAME[0, t, j],
 * pos_emb[t, j], token_ids[0, t].
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util/util.h"
#include "../kernels/kernels.h"
#include "gpt2_mode.h"

/* the shape of stage s, (1, T) for token_ids; 0 when this run has no such stage */
static int
stage_shape(const struct gctx *c, int s, int *shape)
{
	if (s == G2_TOKEN_IDS) {
		shape[0] = 1;
		shape[1] = c->r.T;
		return 2;
	}
	if (s < 0 || c->r.st[s] == NULL)
		return 0;
	memcpy(shape, c->r.st[s]->shape, (size_t)c->r.st[s]->ndim * sizeof *shape);
	return c->r.st[s]->ndim;
}

/* "attn_weights[0, 1, 2, 3]" into the stage and its indices (a 4-d stage's leading 0 may go); 0, or -1 with err */
static int
parse(const char *e, const struct gctx *c, int *s, int idx[4], char *err, size_t len)
{
	char name[64];
	const char *p = e + strspn(e, " ");
	int n = 0, k, nd, shape[4];

	k = (int)strcspn(p, "[ ");
	snprintf(name, sizeof name, "%.*s", k < 63 ? k : 63, p);
	*s = gpt2_stage_find(name);
	if ((nd = stage_shape(c, *s, shape)) == 0) {
		snprintf(err, len, "--why %s: expected an element of a stage of this run (token_ids, tok_emb, pos_emb, x, "
		    "%sln_1, qkv, queries, ..., attn_weights, context_vecs, merged, output), e.g. attn_weights[0, 0, 2, 1]",
		    e, c->r.st[G2_RESIDUAL] != NULL ? "residual, " : "");
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
		idx[n++] = v < -1000000 || v > 1000000 ? -1 : (int)v;
		p = end + strspn(end, " ");
		if (*p == ']')
			break;
		if (*p++ != ',')
			goto bad;
	}
	if (*p != ']' || p[1 + strspn(p + 1, " ")] != '\0' || (n != nd && !(nd == 4 && n == 3)))
		goto bad;
	if (n < nd) {
		memmove(idx + 1, idx, 3 * sizeof *idx);
		idx[0] = 0;
	}
	for (k = 0; k < nd; k++)
		if (idx[k] < 0 || idx[k] >= shape[k]) {
			snprintf(err, len, "--why %s: index %d is out of range for dimension %d of size %d", e, idx[k], k,
			    shape[k]);
			return -1;
		}
	return 0;
bad:
	snprintf(err, len, "--why %s: expected %s with %d indices, e.g. %s[%s]", e, name, nd, name,
	    nd == 4 ? "0, head, row, column" : nd == 3 ? "0, token, column" : nd == 2 && *s == G2_POS_EMB ?
	    "position, column" : "0, token");
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

/* ---- the stages before the scores: embeddings, layer norm, Conv1D, the split and the views ---- */

/* x as print() shows a 0-d tensor holding it, without "tensor(" and ")" */
static const char *
num(char *buf, size_t len, float x)
{
	struct print_opts po;
	struct tensor t;
	char *s;
	size_t n, pad;

	print_opts_default(&po);
	memset(&t, 0, sizeof t);
	t.numel = 1;
	t.data = &x;
	s = print_tensor_str(&t, &po);
	n = strlen(s);
	pad = n >= 8 ? 7 + strspn(s + 7, " ") : 0;
	snprintf(buf, len, "%.*s", (int)(n >= 8 ? n - 1 - pad : n), s + pad);
	free(s);
	return buf;
}

/* "  = v" from the recomputed value, and a note when it is not the stage's own bits */
static void
result(FILE *fp, float mine, float stage)
{
	char b[64];

	fprintf(fp, "  = %s\n", num(b, sizeof b, mine));
	if (memcmp(&mine, &stage, sizeof mine) != 0)
		fprintf(fp, "  note: recomputed %.9g, the stage holds %.9g\n", mine, stage);
}

/*
 * Conv1D's element j of row x (K floats) by W (K, N) and bias, its terms
 * shown in the order tensor_addmm_one adds them: from the bias, or (one
 * output column, N 1) from zero with the bias added to the finished sum.
 */
static void
conv1d(FILE *fp, const char *in, const char *wname, int L, int t, int j, const float *x, const float *w,
    const float *bias, int N, int K, float stage, int verbose)
{
	float *prod = xmalloc((size_t)K * sizeof *prod), v;
	char a[64], b[64];
	int k, pass, last = N == 1;

	v = tensor_addmm_one(x, w, bias[j], N, K, j, prod);
	if (last)
		fprintf(fp, "  = sum over k < %d of %s[0, %d, k] * h.%d.%s.weight[k, %d] + h.%d.%s.bias[%d]\n"
		    "    (torch.addmm with one output column: the sum starts at 0 and adds each product, rounded, in order\n"
		    "    of k; the bias is added to the finished sum)\n", K, in, t, L, wname, j, L, wname, j);
	else
		fprintf(fp, "  = h.%d.%s.bias[%d] + sum over k < %d of %s[0, %d, k] * h.%d.%s.weight[k, %d]\n"
		    "    (torch.addmm: the sum starts at the bias, then adds each product, rounded, in order of k)\n",
		    L, wname, j, K, in, t, L, wname, j);
	for (pass = 0; pass < 2; pass++) {
		fputs("  =", fp);
		if (!last)
			fprintf(fp, " %s", num(a, sizeof a, bias[j]));
		for (k = 0; k < K; k++) {
			const char *plus = last && k == 0 ? " " : " + ";

			if (!verbose && k >= 4 && k < K - 1) {
				if (k == 4)
					fprintf(fp, " + ... (%d more; -v shows every term)", K - 5);
				continue;
			}
			if (pass == 0)
				fprintf(fp, "%s%s * %s", plus, num(a, sizeof a, x[k]), num(b, sizeof b, w[(size_t)k * N + j]));
			else
				fprintf(fp, "%s%s", plus, num(a, sizeof a, prod[k]));
		}
		if (last)
			fprintf(fp, " + %s", num(a, sizeof a, bias[j]));
		fputc('\n', fp);
	}
	result(fp, v, stage);
	free(prod);
}

/* element [0, t, j] of a (1, T, X) stage */
static float
at3(const struct gctx *c, int s, int t, int j)
{
	const struct tensor *x = c->r.st[s];

	return x->data[(size_t)t * x->shape[2] + (size_t)j];
}

static void
explain_ln(FILE *fp, const struct gctx *c, int t, int j)
{
	const struct gpt2_block *b = &c->m.h[c->r.layer];
	int in = c->r.st[G2_RESIDUAL] != NULL ? G2_RESIDUAL : G2_X, C = c->m.cfg.n_embd;
	const float *x = c->r.st[in]->data + (size_t)t * C;
	float mean, var, rstd, y;
	char v0[64], v1[64], v2[64], v3[64], v4[64];
	const char *n = gpt2_stage_name(in);

	y = tensor_layer_norm_one(x, C, j, b->ln_1_w[j], b->ln_1_b[j], (float)c->m.cfg.layer_norm_epsilon, &mean, &var,
	    &rstd);
	fprintf(fp, "  = (%s[0, %d, %d] - mean) / sqrt(var + eps) * h.%d.ln_1.weight[%d] + h.%d.ln_1.bias[%d]\n",
	    n, t, j, c->r.layer, j, c->r.layer, j);
	fprintf(fp, "    mean = %s[0, %d].mean() = %s   (over the row's %d features)\n", n, t, num(v0, sizeof v0, mean), C);
	fprintf(fp, "    var = %s[0, %d].var(unbiased=False) = %s\n", n, t, num(v1, sizeof v1, var));
	fprintf(fp, "  = (%s - %s) / sqrt(%s + %g) * %s + %s\n", num(v2, sizeof v2, x[j]), v0, v1,
	    c->m.cfg.layer_norm_epsilon, num(v3, sizeof v3, b->ln_1_w[j]), num(v4, sizeof v4, b->ln_1_b[j]));
	result(fp, y, at3(c, G2_LN_1, t, j));
}

/* the stages tok_emb .. values and merged, output: [0, t, j] (pos_emb: [t, j]) */
static void
explain_row(FILE *fp, const struct gctx *c, int s, int t, int j, int verbose)
{
	const struct gpt2_config *k = &c->m.cfg;
	const struct gpt2_block *b = &c->m.h[c->r.layer];
	int C = k->n_embd, d = C / k->n_head, L = c->r.layer;
	char v0[64], v1[64];

	switch (s) {
	case G2_TOK_EMB:
		fprintf(fp, "  = wte.weight[%d, %d]   (row token_ids[0, %d] = %d of wte, one row per vocabulary entry)\n",
		    c->r.ids[t], j, t, c->r.ids[t]);
		result(fp, at3(c, s, t, j), at3(c, s, t, j));
		break;
	case G2_POS_EMB:
		fprintf(fp, "  = wpe.weight[%d, %d]   (row %d of wpe, one row per position)\n", t, j, t);
		result(fp, c->r.st[s]->data[(size_t)t * C + j], c->r.st[s]->data[(size_t)t * C + j]);
		break;
	case G2_X: {
		float a = at3(c, G2_TOK_EMB, t, j), p = c->r.st[G2_POS_EMB]->data[(size_t)t * C + j];

		fprintf(fp, "  = tok_emb[0, %d, %d] + pos_emb[%d, %d]\n  = %s + %s\n", t, j, t, j, num(v0, sizeof v0, a),
		    num(v1, sizeof v1, p));
		result(fp, a + p, at3(c, s, t, j));
		break;
	}
	case G2_RESIDUAL:
		fprintf(fp, "  = x[0, %d, %d] after blocks 0 .. %d, each x = x + attn(ln_1(x)), then x = x + mlp(ln_2(x))\n"
		    "    (ln_2 and the MLP are not kept as stages: set layer %d and ask why of its output)\n"
		    "    x[0, %d, %d] = %s   (the stream entering block 0)\n", t, j, L - 1, L - 1, t, j,
		    num(v0, sizeof v0, at3(c, G2_X, t, j)));
		break;
	case G2_LN_1:
		explain_ln(fp, c, t, j);
		break;
	case G2_QKV:
		conv1d(fp, "ln_1", "attn.c_attn", L, t, j, c->r.st[G2_LN_1]->data + (size_t)t * C, b->c_attn_w,
		    b->c_attn_b, 3 * C, C, at3(c, s, t, j), verbose);
		break;
	case G2_QUERIES: case G2_KEYS: case G2_VALUES:
		fprintf(fp, "  = qkv[0, %d, %d]   (qkv.split(%d, dim=2): %s are qkv's columns %d .. %d)\n", t,
		    (s - G2_QUERIES) * C + j, C, gpt2_stage_name(s), (s - G2_QUERIES) * C, (s - G2_QUERIES + 1) * C - 1);
		result(fp, at3(c, G2_QKV, t, (s - G2_QUERIES) * C + j), at3(c, s, t, j));
		break;
	case G2_MERGED:
		fprintf(fp, "  = context_vecs[0, %d, %d, %d]   (transpose(1, 2), then view: column %d is head %d's "
		    "dimension %d)\n", j / d, t, j % d, j, j / d, j % d);
		result(fp, at(c, G2_CONTEXT_VECS, j / d, t, j % d), at3(c, s, t, j));
		break;
	default:
		conv1d(fp, "merged", "attn.c_proj", L, t, j, c->r.st[G2_MERGED]->data + (size_t)t * C, b->attn_proj_w,
		    b->attn_proj_b, C, C, at3(c, s, t, j), verbose);
		break;
	}
}

/* why of a stage other than the scores': the header line, then its arithmetic */
static void
explain_other(FILE *fp, const struct gctx *c, int s, const int *x, int verbose)
{
	const struct tensor *st = c->r.st[s];
	int C = c->m.cfg.n_embd, d = C / c->m.cfg.n_head, t, j;
	char v[48];

	if (s == G2_TOKEN_IDS) {
		t = x[1];
		fprintf(fp, "token_ids[0, %d] = %d  (token %d \"%s\")\n", t, c->r.ids[t], t, tok(c, t));
		fprintf(fp, "  = %s\n", c->labels != NULL ? "the id of this token in vocab.json: GPT-2's byte-level BPE of the "
		    "text (\xe2\x90\xa3 marks a leading space)" : "the id as given by --tokens");
		return;
	}
	if (s >= G2_QUERIES_HEADS && s <= G2_VALUES_HEADS) {
		int h = x[1];

		t = x[2];
		j = x[3];
		fprintf(fp, "%s[0, %d, %d, %d] = %s  (layer %d, head %d; token %d \"%s\")\n", gpt2_stage_name(s), h, t, j,
		    print_shortest(v, sizeof v, at(c, s, h, t, j)), c->r.layer, h, t, tok(c, t));
		fprintf(fp, "  = %s[0, %d, %d]   (view(1, %d, %d, %d).transpose(1, 2): head %d is columns %d .. %d)\n",
		    gpt2_stage_name(s - 3), t, h * d + j, c->r.T, c->m.cfg.n_head, d, h, h * d, h * d + d - 1);
		result(fp, at3(c, s - 3, t, h * d + j), at(c, s, h, t, j));
		return;
	}
	t = s == G2_POS_EMB ? x[0] : x[1];
	j = s == G2_POS_EMB ? x[1] : x[2];
	fprintf(fp, "%s[%s%d, %d] = %s  (", gpt2_stage_name(s), s == G2_POS_EMB ? "" : "0, ", t, j,
	    print_shortest(v, sizeof v, st->data[(size_t)t * st->shape[st->ndim - 1] + j]));
	if (s >= G2_LN_1)
		fprintf(fp, "layer %d, ", c->r.layer);
	fprintf(fp, "%s %d \"%s\"", s == G2_POS_EMB ? "position" : "token", t, tok(c, t));
	if (s == G2_TOK_EMB)
		fprintf(fp, ", id %d", c->r.ids[t]);
	if (s == G2_QKV)
		fprintf(fp, "; %s, head %d, dimension %d", gpt2_stage_name(G2_QUERIES + j / C), j % C / d, j % d);
	fputs(")\n", fp);
	explain_row(fp, c, s, t, j, verbose);
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
		if (s >= G2_ATTN_SCORES && s <= G2_CONTEXT_VECS)
			explain(fp, c, s, x, g->verbose);
		else
			explain_other(fp, c, s, x, g->verbose);
	}
	return G2_EXIT_OK;
}
