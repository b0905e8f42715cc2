/*
 * gpt2_cells.c - `attn-explain --model DIR`: GPT-2's real attention on the
 * learner's text, one cell per stage of src/model's forward pass (the
 * PyTorch line, the shape, the tensor printed as torch prints it), and a
 * heat map of one head's weights labelled with the tokens.  Owns this
 * mode's options (--model, --text, --tokens, --layer, --head), their
 * errors, and the PyTorch lines shown for each stage.
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

enum { EXIT_OK_, EXIT_DATA_, EXIT_USAGE_ };

struct gopts {
	const char *dir, *text, *tokens;
	int layer, head;	/* head -1: every head */
	int heatmap;
};

static int
usage_err(const char *fmt, const char *arg)
{
	char msg[512];

	snprintf(msg, sizeof msg, fmt, arg);
	diag("%s", msg);
	fputs("usage: attn-explain --model DIR (--text TEXT | --tokens ID,ID,...) [--layer L] [--head H] [--heatmap]\n",
	    stderr);
	return EXIT_USAGE_;
}

/* a whole number >= 0, or -1 */
static int
number(const char *s)
{
	char *end;
	long v;

	if (s == NULL || *s < '0' || *s > '9')
		return -1;
	v = strtol(s, &end, 10);
	return *end != '\0' || v > 1000000 ? -1 : (int)v;
}

static int
parse(int argc, char **argv, struct gopts *g)
{
	int i;

	memset(g, 0, sizeof *g);
	g->head = -1;
	for (i = 1; i < argc; i++) {
		const char *o = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (strcmp(o, "--heatmap") == 0) {
			g->heatmap = 1;
			continue;
		}
		if (strcmp(o, "--model") && strcmp(o, "--text") && strcmp(o, "--tokens") && strcmp(o, "--layer") &&
		    strcmp(o, "--head"))
			return usage_err("%s: not an option of --model's mode (--model, --text, --tokens, --layer, --head, --heatmap)", o);
		if (v == NULL)
			return usage_err("%s: missing argument", o);
		i++;
		if (strcmp(o, "--model") == 0)
			g->dir = v;
		else if (strcmp(o, "--text") == 0)
			g->text = v;
		else if (strcmp(o, "--tokens") == 0)
			g->tokens = v;
		else if ((strcmp(o, "--layer") == 0 ? (g->layer = number(v)) : (g->head = number(v))) < 0)
			return usage_err(strcmp(o, "--layer") == 0 ? "--layer: expected a whole number >= 0, got \"%s\"" :
			    "--head: expected a whole number >= 0, got \"%s\"", v);
	}
	if ((g->text == NULL) == (g->tokens == NULL))
		return usage_err("%s", "--model: give the text with --text TEXT or its ids with --tokens ID,ID,... (one of them)");
	return EXIT_OK_;
}

/* "15496,995" into *ids (*n of them; free() it) */
static int
parse_tokens(const char *s, int **ids, int *n)
{
	const char *p = s;
	int cap = 16;

	*n = 0;
	*ids = xmalloc((size_t)cap * sizeof **ids);
	while (*p != '\0') {
		char *end;
		long v = strtol(p, &end, 10);

		if (end == p || v < 0 || v > 0x7fffffff || (*end != ',' && *end != '\0')) {
			diag("--tokens: token %d: expected a whole number >= 0 followed by \",\" or the end, got \"%s\"", *n + 1, p);
			free(*ids);
			*ids = NULL;
			return -1;
		}
		if (*n == cap)
			*ids = xrealloc(*ids, (size_t)(cap *= 2) * sizeof **ids);
		(*ids)[(*n)++] = (int)v;
		p = *end == ',' ? end + 1 : end;
	}
	if (*n == 0) {
		diag("%s", "--tokens: expected at least one id");
		free(*ids);
		*ids = NULL;
		return -1;
	}
	return 0;
}

/* The PyTorch line of stage s (sd: the state dict of model.safetensors). */
static void
stage_code(char *buf, size_t len, int s, const struct gpt2_config *c, int T, int L, const char *idtext)
{
	int C = c->n_embd, H = c->n_head, d = C / H;
	char eps[32];

	snprintf(eps, sizeof eps, "%g", c->layer_norm_epsilon);
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
cell(struct cell_sink *k, const struct gpt2_run *r, const struct gpt2 *m, int s, int idx, int n, const struct gopts *g,
    const char *idtext, const struct print_opts *po)
{
	char title[96], code[1024], var[64], dims[64];
	struct tensor *t;

	snprintf(title, sizeof title, "[%d/%d] %s", idx, n, gpt2_stage_name(s));
	k->header(k, title, g2_what[s]);
	stage_code(code, sizeof code, s, &m->cfg, r->T, r->layer, idtext);
	k->code(k, code);
	if (s == G2_TOKEN_IDS) {
		long long *v = xmalloc((size_t)r->T * sizeof *v);
		int shape[2] = { 1, r->T }, i;
		char *text;

		for (i = 0; i < r->T; i++)
			v[i] = r->ids[i];
		printf("  shape (B, T) = (1, %d)\n", r->T);
		text = print_ints_str(2, shape, v, 0, po);
		printf("%s\n", text);
		free(text);
		free(v);
		k->end(k);
		return;
	}
	t = shown(r, s, g->head, var, sizeof var);
	if (strchr(var, '[') != NULL) {
		snprintf(code, sizeof code, "%s", var);
		k->code(k, code);
		snprintf(dims, sizeof dims, "(T, %s)", s >= G2_ATTN_SCORES && s <= G2_ATTN_WEIGHTS ? "T" : "head_dim");
	} else {
		snprintf(dims, sizeof dims, "%s", stage_dims(s));
	}
	k->shape(k, dims, var, t);
	k->tensor(k, var, t);
	k->end(k);
	tensor_free(t);
}

/* a heat map of attn_weights[0, head]: rows queries, columns keys, by tokens */
static void
heat(const struct gpt2_run *r, const struct bpe *b, int head)
{
	static const char *const shade[] = { " ", "\xe2\x96\x91", "\xe2\x96\x92", "\xe2\x96\x93", "\xe2\x96\x88" };
	const float *w = r->st[G2_ATTN_WEIGHTS]->data + (size_t)head * r->T * r->T;
	int i, j;

	printf("attn_weights[0, %d] (layer %d, head %d): rows are queries, columns keys; \xe2\x96\x88 near 1, blank 0\n",
	    head, r->layer, head);
	for (i = 0; i < r->T; i++) {
		char *lab = b != NULL ? bpe_label(b, r->ids[i]) : NULL;

		const char *c;
		int cols = 0;

		for (c = lab != NULL ? lab : ""; *c != '\0'; c++)	/* code points: the label's columns */
			cols += ((unsigned char)*c & 0xc0) != 0x80;
		printf("%3d %s%*s ", i, lab != NULL ? lab : "", cols < 12 ? 12 - cols : 0, "");
		for (j = 0; j < r->T; j++) {
			float v = w[(size_t)i * r->T + j];

			fputs(j > i ? "\xc2\xb7" : shade[v <= 0 ? 0 : v < 0.25f ? 1 : v < 0.5f ? 2 : v < 0.75f ? 3 : 4], stdout);
		}
		putchar('\n');
		free(lab);
	}
}

int
gpt2_cells_main(int argc, char **argv)
{
	struct gopts g;
	struct gpt2 m;
	struct gpt2_run r;
	struct bpe b;
	struct cell_opts co;
	char err[1024], *idtext;
	int *ids = NULL, n = 0, rc, s, idx = 0, have_bpe = 0, total;

	if ((rc = parse(argc, argv, &g)) != EXIT_OK_)
		return rc;
	if (gpt2_open(&m, g.dir, err, sizeof err) != 0) {
		diag("%s", err);
		return EXIT_DATA_;
	}
	if (g.text != NULL || g.heatmap) {
		if (bpe_load_dir(&b, g.dir, err, sizeof err) == 0)
			have_bpe = 1;
		else if (g.text != NULL) {
			diag("%s", err);
			gpt2_close(&m);
			return EXIT_DATA_;
		}
	}
	if (g.text != NULL ? bpe_encode(&b, g.text, strlen(g.text), &ids, &n, err, sizeof err) != 0 ?
	    (diag("%s", err), -1) : 0 : parse_tokens(g.tokens, &ids, &n)) {
		rc = EXIT_DATA_;
	} else if (g.head >= m.cfg.n_head) {
		diag("%s: --head %d, expected 0 to %d (n_head %d)", g.dir, g.head, m.cfg.n_head - 1, m.cfg.n_head);
		rc = EXIT_DATA_;
	} else if (gpt2_forward(&m, ids, n, g.layer, &r, err, sizeof err) != 0) {
		diag("%s", err);
		rc = EXIT_DATA_;
	} else {
		struct sbuf sb = { 0 };

		for (s = 0; s < n; s++)
			sbuf_addf(&sb, "%s%d", s ? ", " : "", ids[s]);
		idtext = sbuf_take(&sb);
		settings_default(NULL, &co);
		co.color = 0;
		print_opts_default(&co.po);
		total = G2_NSTAGES - (r.st[G2_RESIDUAL] == NULL);
		for (s = 0; s < G2_NSTAGES; s++)
			if (s == G2_TOKEN_IDS || r.st[s] != NULL)
				cell(cell_text_sink(stdout, &co), &r, &m, s, ++idx, total, &g, idtext, &co.po);
		if (g.heatmap)
			heat(&r, have_bpe ? &b : NULL, g.head < 0 ? 0 : g.head);
		free(idtext);
		gpt2_run_free(&r);
		rc = EXIT_OK_;
	}
	free(ids);
	if (have_bpe)
		bpe_free(&b);
	gpt2_close(&m);
	return rc;
}

/* Is this command line --model's mode? */
int
gpt2_cells_wanted(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++)
		if (strcmp(argv[i], "--model") == 0)
			return 1;
	return 0;
}
