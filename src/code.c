/*
 * code.c - the PyTorch lines behind each stage: what a cell shows after
 * ">>> ", and the lines that create the weights.  The arithmetic is in
 * stage.c; this file says how a notebook writes it.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "diag.h"
#include "stage.h"

static const char *const layer_var[NLAYER] = { "W_query", "W_key", "W_value", "out_proj" };
static const char *const qkv[3] = { "queries", "keys", "values" };

static void
code(struct run *r, int id, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	free(r->code[id]);
	r->code[id] = xstrdup(buf);
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

/* The weights' lines: torch.manual_seed and the constructors, or where they came from. */
static void
setup_lines(struct run *r, const struct input *in)
{
	struct sbuf b = { 0 };
	const char *from = in->path ? in->path : "the input";
	int o, i, H = in->stacked ? r->H : 1, width = in->stacked ? r->hd : r->d_out;

	if (in->init != INIT_NONE) {
		const char *ind = in->stacked && H > 1 ? "    " : "", *suf = in->stacked && H > 1 ? "_h" : "";

		sbuf_addf(&b, "torch.manual_seed(%llu)\n", (unsigned long long)in->seed);
		if (in->inputs == NULL)
			sbuf_addf(&b, "inputs = torch.%s(...)  # drawn first\n", in->rand_kind == INIT_RAND ? "rand" : "randn");
		if (in->stacked && H > 1)
			sbuf_addf(&b, "for h in range(%d):  # head by head, as MultiHeadAttentionWrapper\n", H);
		for (o = 0; o < 3; o++) {
			const char *var = layer_var[in->init_order[o]];

			if (in->init == INIT_LINEAR)
				sbuf_addf(&b, "%s%s%s = nn.Linear(%d, %d, bias=%s)\n", ind, var, suf, r->d_in, width,
				    in->qkv_bias ? "True" : "False");
			else
				sbuf_addf(&b, "%s%s%s = nn.Parameter(torch.%s(%d, %d), requires_grad=False)\n", ind, var, suf,
				    in->init == INIT_RANDN ? "randn" : "rand", r->d_in, width);
		}
		if (in->stacked && H > 1)
			sbuf_addf(&b, "# W_query, W_key, W_value: the %d heads' layers side by side\n", H);
		if (in->out_proj)
			sbuf_addf(&b, "out_proj = nn.Linear(%d, %d)\n", r->d_out, r->d_out);
	} else if (in->has_weights) {
		for (i = 0; i < NLAYER; i++)
			if (r->layer[i].present)
				sbuf_addf(&b, r->layer[i].linear ? "%s = nn.Linear(...)  # weight and bias from %s\n" :
				    "%s = torch.tensor(...)  # from %s\n", layer_var[i], from);
	}
	if (b.len > 0)
		r->setup = sbuf_take(&b);
}

void
code_lines(struct run *r, const struct input *in)
{
	char ld[32];
	const char *scores_var = in->causal ? "masked_scores" : "attn_scores";
	const int *dm = in->rand_dims;
	int i;

	setup_lines(r, in);
	if (in->inputs != NULL)
		code(r, ST_INPUTS, "inputs = torch.tensor(...)  # from %s", in->path ? in->path : "the input");
	else if (in->rand_ndim == 3)
		code(r, ST_INPUTS, "torch.manual_seed(%llu); inputs = torch.%s(%d, %d, %d)", (unsigned long long)in->seed,
		    in->rand_kind == INIT_RAND ? "rand" : "randn", dm[0], dm[1], dm[2]);
	else
		code(r, ST_INPUTS, "torch.manual_seed(%llu); inputs = torch.%s(%d, %d)", (unsigned long long)in->seed,
		    in->rand_kind == INIT_RAND ? "rand" : "randn", dm[0], dm[1]);
	if (r->simple) {
		code(r, ST_QUERIES, "queries = inputs  # no trainable weights: each token is its own query");
		code(r, ST_KEYS, "keys = inputs");
		code(r, ST_VALUES, "values = inputs");
	} else {
		for (i = 0; i < 3; i++)
			code(r, ST_QUERIES + i, r->layer[i].linear ? "%s = %s(inputs)" : "%s = inputs @ %s", qkv[i], layer_var[i]);
	}
	if (r->H > 1)
		for (i = 0; i < 3; i++)
			code(r, ST_QUERIES_HEADS + i, "%s_heads = %s.view(%s%d, %d, %d).transpose(%s)", qkv[i], qkv[i],
			    lead(r, ld, sizeof ld), r->T, r->H, r->hd, r->batched ? "1, 2" : "0, 1");
	if (r->H > 1)
		code(r, ST_ATTN_SCORES, "attn_scores = queries_heads @ keys_heads.transpose(2, 3)");
	else if (r->batched)
		code(r, ST_ATTN_SCORES, "attn_scores = queries @ keys.transpose(1, 2)");
	else
		code(r, ST_ATTN_SCORES, "attn_scores = queries @ keys.T");
	if (in->causal) {
		if (!r->scaled)
			code(r, ST_UNMASKED_WEIGHTS, "unmasked_weights = torch.softmax(attn_scores, dim=-1)");
		else if (r->scale_divides)
			code(r, ST_UNMASKED_WEIGHTS, "unmasked_weights = torch.softmax(attn_scores / keys.shape[-1]**0.5, dim=-1)");
		else
			code(r, ST_UNMASKED_WEIGHTS, "unmasked_weights = torch.softmax(attn_scores * %.9g, dim=-1)", in->scale);
		code(r, ST_MASK_SIMPLE, "mask_simple = torch.tril(torch.ones(%d, %d))", r->T, r->T);
		code(r, ST_MASKED_SIMPLE, "masked_simple = unmasked_weights * mask_simple");
		code(r, ST_MASKED_SIMPLE_NORM, "masked_simple_norm = masked_simple / masked_simple.sum(dim=-1, keepdim=True)");
		code(r, ST_MASK, "mask = torch.triu(torch.ones(%d, %d), diagonal=1)", r->T, r->T);
		code(r, ST_MASKED_SCORES, "masked_scores = attn_scores.masked_fill(mask.bool(), -torch.inf)");
	}
	if (!r->scaled)
		code(r, ST_SCALED_SCORES, "scaled_scores = %s  # simple mode: no scaling", scores_var);
	else if (r->scale_divides)
		code(r, ST_SCALED_SCORES, "scaled_scores = %s / keys.shape[-1]**0.5  # sqrt(%d)", scores_var, r->hd);
	else
		code(r, ST_SCALED_SCORES, "scaled_scores = %s * %.9g", scores_var, in->scale);
	code(r, ST_ATTN_WEIGHTS, "attn_weights = torch.softmax(scaled_scores, dim=-1)");
	if (in->dropout > 0) {
		if (in->has_dropout_seed)
			code(r, ST_DROPOUT_MASK, "torch.manual_seed(%llu); dropout_mask = nn.Dropout(%.9g)(torch.ones_like(attn_weights))",
			    (unsigned long long)in->dropout_seed, in->dropout);
		else
			code(r, ST_DROPOUT_MASK, "dropout_mask = nn.Dropout(%.9g)(torch.ones_like(attn_weights))", in->dropout);
		code(r, ST_DROPPED_WEIGHTS, "dropped_weights = attn_weights * dropout_mask  # = nn.Dropout(%.9g)(attn_weights)", in->dropout);
	}
	code(r, ST_CONTEXT_VECS, "context_vecs = %s @ %s", in->dropout > 0 ? "dropped_weights" : "attn_weights",
	    r->H > 1 ? "values_heads" : "values");
	if (r->H > 1)
		code(r, ST_MERGED, "merged = context_vecs.transpose(%s).contiguous().view(%s%d, %d)",
		    r->batched ? "1, 2" : "0, 1", lead(r, ld, sizeof ld), r->T, r->d_out);
	if (r->layer[LAYER_OUT].present)
		code(r, ST_OUTPUT, r->layer[LAYER_OUT].linear ? "output = out_proj(%s)" : "output = %s @ out_proj",
		    r->H > 1 ? "merged" : "context_vecs");
}
