/*
 * gpt2_cells.c - `attn-explain --model DIR`: GPT-2's real attention on the
 * learner's text, one cell per stage of src/model's forward pass (the
 * PyTorch line, the shape, the tensor printed as torch prints it), and a
 * heat map of one head's weights labelled with the tokens.  Owns the
 * mode's run (gctx: folder, tokens, forward pass) and the PyTorch lines
 * shown for each stage (gpt2_mode.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util/util.h"
#include "../kernels/kernels.h"
#include "../pipeline/pipeline.h"
#include "../model/model.h"
#include "cell.h"
#include "gpt2_cells.h"
#include "gpt2_mode.h"
#include "emit.h"

/* The PyTorch line of stage s (sd: the state dict of model.safetensors). */
static void
stage_code(char *buf, size_t len, int s, const struct gpt2_config *c, int T, int L, const char *idtext)
{
	int C = c->n_embd, H = c->n_head, d = C / H;
	char eps[32];

	text_shortest(eps, sizeof eps, c->layer_norm_epsilon, 0, 'g');	/* Python's repr: the line runs as shown */
	switch (s) {
	case G2_TOKEN_IDS: snprintf(buf, len, "token_ids = torch.tensor([[%s]])", idtext); break;
	case G2_TOK_EMB: snprintf(buf, len, "tok_emb = sd[\"wte.weight\"][token_ids]"); break;
	case G2_POS_EMB: snprintf(buf, len, "pos_emb = sd[\"wpe.weight\"][torch.arange(%d)]", T); break;
	case G2_X: snprintf(buf, len, "x = tok_emb + pos_emb"); break;
	case G2_RESIDUAL: snprintf(buf, len, "residual = x\nfor l in range(%d): residual = block(l, residual)  "
	    "# ln_1, attention, +, ln_2, MLP with gelu_new, +", L); break;
	case G2_LN_1: snprintf(buf, len, "ln_1 = F.layer_norm(%s, (%d,), sd[\"h.%d.ln_1.weight\"], sd[\"h.%d.ln_1.bias\"], %s)",
	    L > 0 ? "residual" : "x", C, L, L, eps); break;
	case G2_QKV: snprintf(buf, len, "qkv = torch.addmm(sd[\"h.%d.attn.c_attn.bias\"], ln_1.view(-1, %d), "
	    "sd[\"h.%d.attn.c_attn.weight\"]).view(1, %d, %d)", L, C, L, T, 3 * C); break;
	case G2_QUERIES: case G2_KEYS: case G2_VALUES:
		snprintf(buf, len, "queries, keys, values = qkv.split(%d, dim=2)", C); break;
	case G2_QUERIES_HEADS: case G2_KEYS_HEADS: case G2_VALUES_HEADS:
		snprintf(buf, len, "%s_heads = %s.view(1, %d, %d, %d).transpose(1, 2)", gpt2_stage_name(s - 3),
		    gpt2_stage_name(s - 3), T, H, d); break;
	case G2_ATTN_SCORES: snprintf(buf, len, "attn_scores = queries_heads @ keys_heads.transpose(2, 3)"); break;
	case G2_SCALED_SCORES: snprintf(buf, len, "scaled_scores = attn_scores / %d ** 0.5", d); break;
	case G2_MASKED_SCORES: snprintf(buf, len, "masked_scores = scaled_scores.masked_fill("
	    "torch.triu(torch.ones(%d, %d, dtype=torch.bool), diagonal=1), -torch.inf)", T, T); break;
	case G2_ATTN_WEIGHTS: snprintf(buf, len, "attn_weights = torch.softmax(masked_scores, dim=-1)"); break;
	case G2_CONTEXT_VECS: snprintf(buf, len, "context_vecs = attn_weights @ values_heads"); break;
	case G2_MERGED: snprintf(buf, len, "merged = context_vecs.transpose(1, 2).contiguous().view(1, %d, %d)", T, C); break;
	default: snprintf(buf, len, "output = torch.addmm(sd[\"h.%d.attn.c_proj.bias\"], merged.view(-1, %d), "
	    "sd[\"h.%d.attn.c_proj.weight\"]).view(1, %d, %d)", L, C, L, T, C); break;
	}
}

static const char *const g2_what[G2_NSTAGES] = {
	"the text's GPT-2 token ids", "each token's row of wte", "each position's row of wpe",
	"token plus position: the stream entering block 0", "the stream entering this layer",
	"layer norm before attention", "c_attn: queries, keys and values in one Conv1D",
	"what each token is looking for", "what each token offers to be found by", "what each token passes on",
	"queries split into heads", "keys split into heads", "values split into heads",
	"each query against each key", "scores divided by sqrt(head_dim)", "future positions set to -inf",
	"softmax: each row sums to 1", "weighted sums of the values", "the heads side by side again",
	"c_proj: the attention's output",
};

/* dims of each stage's shape, as the cells name them */
static const char *
stage_dims(int s)
{
	if (s == G2_TOKEN_IDS)
		return "(B, T)";
	if (s == G2_POS_EMB)
		return "(T, C)";
	if (s == G2_QKV)
		return "(B, T, 3C)";
	if (s >= G2_QUERIES_HEADS && s <= G2_VALUES_HEADS)
		return "(B, H, T, head_dim)";
	if (s >= G2_ATTN_SCORES && s <= G2_ATTN_WEIGHTS)
		return "(B, H, T, T)";
	if (s == G2_CONTEXT_VECS)
		return "(B, H, T, head_dim)";
	return "(B, T, C)";
}

/* stage s's tensor, or with a head chosen the 2-d [0, head] of a per-head stage (a view; free the struct) */
static struct tensor *
shown(const struct gpt2_run *r, int s, int head, char *var, size_t len)
{
	struct tensor *t = r->st[s];

	snprintf(var, len, "%s", gpt2_stage_name(s));
	if (head >= 0 && s >= G2_QUERIES_HEADS && s <= G2_CONTEXT_VECS) {
		int shape[2];

		shape[0] = t->shape[2];
		shape[1] = t->shape[3];
		snprintf(var, len, "%s[0, %d]", gpt2_stage_name(s), head);
		return tensor_view(t, (size_t)head * shape[0] * shape[1], 2, shape);
	}
	return tensor_view(t, 0, t->ndim, t->shape);
}

static void
cell(struct cell_sink *k, int text, const struct gctx *c, int s, int idx, int n, int head, const struct print_opts *po)
{
	char title[96], code[1024], var[64], dims[64];
	const struct gpt2_run *r = &c->r;
	struct tensor *t;

	snprintf(title, sizeof title, "[%d/%d] %s", idx, n, gpt2_stage_name(s));
	k->header(k, title, g2_what[s]);
	gctx_code(code, sizeof code, c, s);
	k->code(k, code);
	if (s == G2_TOKEN_IDS) {
		int shape[2] = { 1, r->T };

		long long *v = xmalloc((size_t)r->T * sizeof *v);
		char *ints;
		int i;

		for (i = 0; i < r->T; i++)
			v[i] = r->ids[i];
		ints = print_ints_str(2, shape, v, 0, po);
		if (text) {
			printf("  shape (B, T) = (1, %d)\n", r->T);
			printf("%s\n", ints);
		} else {	/* int64 ids: printed here, as the script's print(token_ids) shows them */
			t = tensor_new(2, shape);
			k->shape(k, "(B, T)", "token_ids", t);
			k->printed(k, "token_ids", ints);
			tensor_free(t);
		}
		free(ints);
		free(v);
		k->end(k);
		return;
	}
	t = shown(r, s, head, var, sizeof var);
	if (strchr(var, '[') != NULL) {
		snprintf(code, sizeof code, "%s", var);
		k->code(k, code);
		snprintf(dims, sizeof dims, "(T, %s)", s >= G2_ATTN_SCORES && s <= G2_ATTN_WEIGHTS ? "T" : "head_dim");
	} else {
		snprintf(dims, sizeof dims, "%s", stage_dims(s));
	}
	k->shape(k, dims, var, t);
	cell_tensor(k, var, t);
	k->end(k);
	tensor_free(t);
}

void
gctx_cells(struct cell_sink *k, int text, const struct gctx *c, int head)
{
	struct print_opts po;
	int s, idx = 0, total = G2_NSTAGES - (c->r.st[G2_RESIDUAL] == NULL);

	print_opts_default(&po);
	for (s = 0; s < G2_NSTAGES; s++)
		if (s == G2_TOKEN_IDS || c->r.st[s] != NULL)
			cell(k, text, c, s, ++idx, total, head, &po);
}

void
gctx_code(char *buf, size_t len, const struct gctx *c, int s)
{
	stage_code(buf, len, s, &c->m.cfg, c->r.T, c->r.layer, c->idtext);
}

const char *
gctx_what(int s)
{
	return s >= 0 && s < G2_NSTAGES ? g2_what[s] : "";
}

/* a heat map of attn_weights[0, head]: rows queries, columns keys, by tokens */
void
gctx_heat(FILE *fp, const struct gctx *c, int head)
{
	static const char *const shade[] = { " ", "\xe2\x96\x91", "\xe2\x96\x92", "\xe2\x96\x93", "\xe2\x96\x88" };
	const struct gpt2_run *r = &c->r;
	const float *w = r->st[G2_ATTN_WEIGHTS]->data + (size_t)head * r->T * r->T;
	int i, j;

	fprintf(fp, "attn_weights[0, %d] (layer %d, head %d): rows are queries, columns keys; \xe2\x96\x88 near 1, blank 0\n",
	    head, r->layer, head);
	for (i = 0; i < r->T; i++) {
		const char *lab = c->labels != NULL ? c->labels[i] : "", *p;
		int cols = 0;

		for (p = lab; *p != '\0'; p++)	/* code points: the label's columns */
			cols += ((unsigned char)*p & 0xc0) != 0x80;
		fprintf(fp, "%3d %s%*s ", i, lab, cols < 12 ? 12 - cols : 0, "");
		for (j = 0; j < r->T; j++) {
			float v = w[(size_t)i * r->T + j];

			fputs(j > i ? "\xc2\xb7" : shade[v <= 0 ? 0 : v < 0.25f ? 1 : v < 0.5f ? 2 : v < 0.75f ? 3 : 4], fp);
		}
		fputc('\n', fp);
	}
}

int
gctx_open(struct gctx *c, const struct gopts *g)
{
	char err[1024];

	memset(c, 0, sizeof *c);
	if (gpt2_open(&c->m, g->dir, err, sizeof err) != 0) {
		diag("%s", err);
		return G2_EXIT_DATA;
	}
	if (bpe_load_dir(&c->b, g->dir, err, sizeof err) == 0) {
		c->have_bpe = 1;
	} else if (g->text != NULL) {
		diag("%s", err);
		gpt2_close(&c->m);
		return G2_EXIT_DATA;
	}
	return G2_EXIT_OK;
}

/* the run, its ids and their labels let go (a new run replaces them, or the context closes) */
static void
run_drop(struct gctx *c)
{
	if (!c->have_run)
		return;
	gpt2_run_free(&c->r);
	xfree_strings(c->labels, (size_t)c->n);
	free(c->ids);
	free(c->idtext);
	c->have_run = 0;
}

/* the run of c's tokens from g (text or ids), layer and head; the old run, if any, replaced */
int
gctx_run(struct gctx *c, const struct gopts *g)
{
	struct gpt2_run r;
	struct sbuf sb = { 0 };
	char err[1024];
	int *ids = NULL, n = 0, i;

	if (g->text != NULL ? bpe_encode(&c->b, g->text, strlen(g->text), &ids, &n, err, sizeof err) != 0 ?
	    (diag("%s", err), -1) : 0 : gopts_tokens(g->tokens, &ids, &n))
		return G2_EXIT_DATA;
	if (g->head >= c->m.cfg.n_head) {
		diag("%s: --head %d, expected 0 to %d (n_head %d)", g->dir, g->head, c->m.cfg.n_head - 1, c->m.cfg.n_head);
		free(ids);
		return G2_EXIT_DATA;
	}
	if (gpt2_forward(&c->m, ids, n, g->layer, &r, err, sizeof err) != 0) {
		diag("%s", err);
		free(ids);
		return G2_EXIT_DATA;
	}
	run_drop(c);
	c->r = r;
	c->have_run = 1;
	c->ids = ids;
	c->n = n;
	c->labels = NULL;
	if (c->have_bpe) {
		c->labels = xmalloc((size_t)n * sizeof *c->labels);
		for (i = 0; i < n; i++)
			c->labels[i] = bpe_label(&c->b, ids[i]);
	}
	for (i = 0; i < n; i++)
		sbuf_addf(&sb, "%s%d", i ? ", " : "", ids[i]);
	c->idtext = sbuf_take(&sb);
	return G2_EXIT_OK;
}

void
gctx_free(struct gctx *c)
{
	run_drop(c);
	if (c->have_bpe)
		bpe_free(&c->b);
	gpt2_close(&c->m);
	memset(c, 0, sizeof *c);
}
