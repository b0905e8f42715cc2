/*
 * code.c - the PyTorch lines behind each stage: what a cell shows after
 * ">>> ", what --emit python runs, one source for both.  The arithmetic is
 * in stage.c; this file says how a notebook writes it.
 *
 * A stage's code is one or more lines (r->code[id], lines joined by '\n';
 * r->setup for the weights).  Literal data (the file's inputs and
 * weights, a mask written out) stands in a line as CODE_LIT name CODE_END:
 * a cell shows "...", the script the numbers (code_literal()).
 *
 * Every line is real PyTorch that computes what the cell prints: the
 * emitted scripts run them (tests/emit).  The generator is seeded where
 * the first draw happens: the drawn inputs, else the weights, else the
 * dropout mask.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util/util.h"
#include "settings.h"
#include "stage.h"

static const char *const *const layer_var = input_layer_names;
static const char *const qkv[3] = { "queries", "keys", "values" };

/*
 * The file's name for a "# from FILE" comment: control bytes and bytes that
 * are not valid UTF-8 as \xNN, so that a name cannot end the comment and put
 * code on the next line, and the script stays UTF-8 (Python refuses a source
 * file that is not).  A name too long for buf is cut between characters.
 */
const char *
code_path(const struct input *in, char *buf, size_t len)
{
	const char *p = in->path ? in->path : "the input";
	size_t n = 0, rest = strlen(p), k;

	while (rest > 0) {
		unsigned char c = (unsigned char)*p;

		k = c < 0x80 ? 1 : diag_utf8_len(p, rest);
		if (k == 0 || c < 32 || c == 127) {
			if (n + 5 > len - 1)
				break;
			n += (size_t)snprintf(buf + n, len - n, "\\x%02x", c);
			k = 1;
		} else {
			if (n + k > len - 1)
				break;
			memcpy(buf + n, p, k);
			n += k;
		}
		p += k;
		rest -= k;
	}
	buf[n] = '\0';
	return buf;
}

/* Appends a line to a stage's code (or, with id < 0, to the weights' lines). */
static void
code(struct run *r, int id, const char *fmt, ...)
{
	char **dst = id < 0 ? &r->setup : &r->code[id], buf[1024];
	struct sbuf b = { 0 };
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (*dst != NULL) {
		sbuf_add(&b, *dst);
		sbuf_addc(&b, '\n');
		free(*dst);
	}
	sbuf_add(&b, buf);
	*dst = sbuf_take(&b);
}

/* The dropped weights' line when the dropout mask's cell is not shown. */
static void
alt(struct run *r, const char *fmt, ...)
{
	struct sbuf b = { NULL, 0, 0 };
	va_list ap;

	va_start(ap, fmt);
	sbuf_vaddf(&b, fmt, ap);
	va_end(ap);
	free(r->code_alone);
	r->code_alone = sbuf_take(&b);
}

/* "torch.manual_seed(S); " before the run's first draw, once. */
static const char *
seed_once(char *buf, size_t len, int *seeded, unsigned long long seed)
{
	if (*seeded) {
		buf[0] = '\0';
	} else {
		snprintf(buf, len, "torch.manual_seed(%llu); ", seed);
		*seeded = 1;
	}
	return buf;
}

/* The weights: torch.manual_seed and the constructors, or the file's numbers. */
static void
setup_lines(struct run *r, const struct input *in, int *seeded)
{
	char fb[512];
	const char *from = code_path(in, fb, sizeof fb);
	int H = in->stacked ? r->H : 1, width = in->stacked ? r->hd : r->d_out, o, l;
	const char *bias = in->qkv_bias ? "True" : "False", *fn = in->init == INIT_RANDN ? "randn" : "rand";

	if (in->init != INIT_NONE) {
		if (!*seeded) {
			code(r, -1, "torch.manual_seed(%llu)", (unsigned long long)in->seed);
			*seeded = 1;
		}
		if (H == 1) {
			for (o = 0; o < 3; o++) {
				const char *var = layer_var[in->init_order[o]];

				if (in->init == INIT_LINEAR)
					code(r, -1, "%s = nn.Linear(%d, %d, bias=%s)", var, r->d_in, width, bias);
				else
					code(r, -1, "%s = nn.Parameter(torch.%s(%d, %d), requires_grad=False)", var, fn, r->d_in, width);
			}
		} else {
			code(r, -1, "W_query_h, W_key_h, W_value_h = [], [], []");
			code(r, -1, "for h in range(%d):  # head by head, as MultiHeadAttentionWrapper", H);
			for (o = 0; o < 3; o++) {
				const char *var = layer_var[in->init_order[o]];

				if (in->init == INIT_LINEAR)
					code(r, -1, "    %s_h.append(nn.Linear(%d, %d, bias=%s))", var, r->d_in, width, bias);
				else
					code(r, -1, "    %s_h.append(nn.Parameter(torch.%s(%d, %d), requires_grad=False))", var, fn,
					    r->d_in, width);
			}
			for (l = 0; l < 3; l++) {
				if (in->init != INIT_LINEAR) {
					code(r, -1, "%s = nn.Parameter(torch.cat(%s_h, dim=1), requires_grad=False)%s", layer_var[l],
					    layer_var[l], l == 0 ? "  # the heads' columns side by side" : "");
					continue;
				}
				code(r, -1, "%s = nn.utils.skip_init(nn.Linear, %d, %d, bias=%s)%s", layer_var[l], r->d_in,
				    r->d_out, bias, l == 0 ? "  # the heads' rows side by side" : "");
				code(r, -1, "%s.weight = nn.Parameter(torch.cat([h.weight for h in %s_h]))", layer_var[l], layer_var[l]);
				if (in->qkv_bias)
					code(r, -1, "%s.bias = nn.Parameter(torch.cat([h.bias for h in %s_h]))", layer_var[l], layer_var[l]);
			}
		}
		if (in->out_proj)
			code(r, -1, "out_proj = nn.Linear(%d, %d)", r->d_out, r->d_out);
		return;
	}
	for (l = 0; l < NLAYER; l++) {
		const struct layer *L = &r->layer[l];
		int n_in = L->linear ? L->w->shape[1] : 0, n_out = L->linear ? L->w->shape[0] : 0;

		if (!L->present)
			continue;
		if (!L->linear) {
			code(r, -1, "%s = torch.tensor(" CODE_LIT "%s" CODE_END ")  # from %s", layer_var[l], layer_var[l], from);
			continue;
		}
		code(r, -1, "%s = nn.utils.skip_init(nn.Linear, %d, %d, bias=%s)  # no draws: weight%s from %s",
		    layer_var[l], n_in, n_out, L->b ? "True" : "False", L->b ? " and bias" : "", from);
		code(r, -1, "%s.weight = nn.Parameter(torch.tensor(" CODE_LIT "%s.weight" CODE_END "))", layer_var[l], layer_var[l]);
		if (L->b)
			code(r, -1, "%s.bias = nn.Parameter(torch.tensor(" CODE_LIT "%s.bias" CODE_END "))", layer_var[l], layer_var[l]);
	}
}

/* "2, " when batched, "" otherwise: the leading dims in view(...) calls */
static const char *
lead(const struct run *r, char *buf, size_t len)
{
	if (r->batched)
		snprintf(buf, len, "%d, ", r->B);
	else
		buf[0] = '\0';
	return buf;
}

const char *
code_scaling(const struct run *r, const struct input *in, char *buf, size_t len)
{
	char num[32];

	if (!r->scaled)
		buf[0] = '\0';
	else if (r->scale_divides)
		snprintf(buf, len, " / %s.shape[-1]**0.5", r->H > 1 ? "keys_heads" : "keys");
	else
		snprintf(buf, len, " * %s", real_str(num, sizeof num, in->scale));
	return buf;
}

void
code_lines(struct run *r, const struct input *in)
{
	char ld[32], sc[64], sd[64], num[32], fb[512];
	const char *scores_var = in->causal ? "masked_scores" : "attn_scores";
	const int *dm = in->rand_dims;
	int i, seeded = 0;

	/* inputs first: the weights cell follows the inputs cell, as in the notebooks */
	if (in->inputs != NULL) {
		code(r, ST_INPUTS, "inputs = torch.tensor(" CODE_LIT "inputs" CODE_END ")  # from %s",
		    code_path(in, fb, sizeof fb));
	} else {
		seeded = 1;
		if (in->rand_ndim == 3)
			code(r, ST_INPUTS, "torch.manual_seed(%llu); inputs = torch.%s(%d, %d, %d)", (unsigned long long)in->seed,
			    in->rand_kind == INIT_RAND ? "rand" : "randn", dm[0], dm[1], dm[2]);
		else
			code(r, ST_INPUTS, "torch.manual_seed(%llu); inputs = torch.%s(%d, %d)", (unsigned long long)in->seed,
			    in->rand_kind == INIT_RAND ? "rand" : "randn", dm[0], dm[1]);
	}
	setup_lines(r, in, &seeded);
	if (r->simple) {
		code(r, ST_QUERIES, "queries = inputs  # no trainable weights: each token is its own query");
		code(r, ST_KEYS, "keys = inputs");
		code(r, ST_VALUES, "values = inputs");
	} else {
		for (i = 0; i < 3; i++)
			code(r, ST_QUERIES + i, r->layer[i].linear ? "%s = %s(inputs)" : "%s = inputs @ %s", qkv[i], layer_var[i]);
	}
	if (r->H > 1) {
		for (i = 0; i < 3; i++)
			code(r, ST_QUERIES_HEADS + i, "%s_heads = %s.view(%s%d, %d, %d).transpose(%s)", qkv[i], qkv[i],
			    lead(r, ld, sizeof ld), r->T, r->H, r->hd, r->batched ? "1, 2" : "0, 1");
		code(r, ST_ATTN_SCORES, "attn_scores = queries_heads @ keys_heads.transpose(%s)", r->batched ? "2, 3" : "1, 2");
	} else if (r->batched) {
		code(r, ST_ATTN_SCORES, "attn_scores = queries @ keys.transpose(1, 2)");
	} else {
		code(r, ST_ATTN_SCORES, "attn_scores = queries @ keys.T");
	}
	code_scaling(r, in, sc, sizeof sc);
	if (in->causal) {
		code(r, ST_UNMASKED_WEIGHTS, "unmasked_weights = torch.softmax(attn_scores%s, dim=-1)", sc);
		code(r, ST_MASK_SIMPLE, "mask_simple = torch.tril(torch.ones(%d, %d))", r->T, r->T);
		code(r, ST_MASKED_SIMPLE, "masked_simple = unmasked_weights * mask_simple");
		code(r, ST_MASKED_SIMPLE_NORM, "masked_simple_norm = masked_simple / masked_simple.sum(dim=-1, keepdim=True)");
		code(r, ST_MASK, "mask = torch.triu(torch.ones(%d, %d), diagonal=1)", r->T, r->T);
		code(r, ST_MASKED_SCORES, "masked_scores = attn_scores.masked_fill(mask.bool(), -torch.inf)");
	}
	if (!r->scaled)
		code(r, ST_SCALED_SCORES, "scaled_scores = %s  # simple mode: no scaling", scores_var);
	else if (r->scale_divides)
		code(r, ST_SCALED_SCORES, "scaled_scores = %s%s  # sqrt(head_dim) = sqrt(%d)", scores_var, sc, r->hd);
	else
		code(r, ST_SCALED_SCORES, "scaled_scores = %s%s", scores_var, sc);
	code(r, ST_ATTN_WEIGHTS, "attn_weights = torch.softmax(scaled_scores, dim=-1)");
	if (in->dropout > 0) {
		/* with the mask shown (--all) the weights are multiplied by it; without, nn.Dropout does both (same bits) */
		real_str(num, sizeof num, in->dropout);
		if (in->has_dropout_seed)
			snprintf(sd, sizeof sd, "torch.manual_seed(%llu); ", (unsigned long long)in->dropout_seed);
		else
			seed_once(sd, sizeof sd, &seeded, (unsigned long long)in->seed);
		if (in->dropout_mkl) {
			code(r, ST_DROPOUT_MASK, "dropout_mask = torch.tensor(" CODE_LIT "dropout_mask" CODE_END
			    ")  # the mask of PyTorch builds with MKL (dropout_rng \"mkl\"), written out so that any build prints it");
			alt(r, "dropped_weights = attn_weights * torch.tensor(" CODE_LIT "dropout_mask" CODE_END
			    ")  # the mask of PyTorch builds with MKL (dropout_rng \"mkl\"), written out so that any build prints it");
		} else {
			code(r, ST_DROPOUT_MASK, "%sdropout_mask = nn.Dropout(%s)(torch.ones_like(attn_weights))", sd, num);
			alt(r, "%sdropped_weights = nn.Dropout(%s)(attn_weights)", sd, num);
		}
		code(r, ST_DROPPED_WEIGHTS, "dropped_weights = attn_weights * dropout_mask  # = nn.Dropout(%s)(attn_weights)", num);
	}
	code(r, ST_CONTEXT_VECS, "context_vecs = %s @ %s", in->dropout > 0 ? "dropped_weights" : "attn_weights",
	    r->H > 1 ? "values_heads" : "values");
	if (r->H > 1 && in->stacked) {	/* the book's MultiHeadAttentionWrapper: torch.cat of the heads */
		struct sbuf b = { 0 };
		char *heads;
		int h;

		for (h = 0; h < r->H; h++)
			sbuf_addf(&b, "%scontext_vecs[%s%d]", h ? ", " : "", r->batched ? ":, " : "", h);
		heads = sbuf_take(&b);
		code(r, ST_MERGED, "merged = torch.cat([%s], dim=-1)", heads);
		free(heads);
	} else if (r->H > 1) {
		code(r, ST_MERGED, "merged = context_vecs.transpose(%s).contiguous().view(%s%d, %d)",
		    r->batched ? "1, 2" : "0, 1", lead(r, ld, sizeof ld), r->T, r->d_out);
	}
	if (r->layer[LAYER_OUT].present)
		code(r, ST_OUTPUT, r->layer[LAYER_OUT].linear ? "output = out_proj(%s)" : "output = %s @ out_proj",
		    r->H > 1 ? "merged" : "context_vecs");
}

char *
code_shown(const char *line)
{
	struct sbuf b = { 0 };
	const char *p = line, *q;

	while ((q = strchr(p, CODE_LIT[0])) != NULL) {
		sbuf_addn(&b, p, (size_t)(q - p));
		sbuf_add(&b, "...");
		if ((p = strchr(q, CODE_END[0])) == NULL)
			return sbuf_take(&b);
		p++;
	}
	sbuf_add(&b, p);
	return sbuf_take(&b);
}

const struct tensor *
code_literal(const struct run *r, const struct input *in, const char *name, size_t len)
{
	int l;

	if (len == 6 && strncmp(name, "inputs", len) == 0)
		return in->inputs;
	if (len == 12 && strncmp(name, "dropout_mask", len) == 0)
		return r->st[ST_DROPOUT_MASK];
	for (l = 0; l < NLAYER; l++) {
		size_t n = strlen(layer_var[l]);

		if (len < n || strncmp(name, layer_var[l], n) != 0)
			continue;
		if (len == n || (len == n + 7 && strncmp(name + n, ".weight", 7) == 0))
			return r->layer[l].w;
		if (len == n + 5 && strncmp(name + n, ".bias", 5) == 0)
			return r->layer[l].b;
	}
	return NULL;
}
