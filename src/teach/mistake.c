/*
 * mistake.c - check mode's catalogue of mistakes, one row each
 * (mistake.h): when a run can make it, and the line of the notebook it
 * changes, for -v.  check.c searches the catalogue; stage_run_variant
 * computes a mistake's numbers.
 */
#include <stdio.h>
#include <string.h>

#include "mistake.h"

/* ---- when a run can make it (and it would change anything) ---- */

/* a row's applies that is one expression of the run r, its input in and the variant rd */
#define APPLIES(name, expr) \
	static int \
	name(const struct run *r, const struct input *in, int rd) \
	{ \
		(void)r, (void)in, (void)rd; \
		return expr; \
	}

/* divided by sqrt(head_dim): the scale mistakes replace that */
static int
by_root(const struct run *r)
{
	return r->scaled && r->scale_divides;
}

APPLIES(no_scale_applies, r->scaled && !(r->scale_divides ? r->hd == 1 : r->scale_used == 1))

APPLIES(scale_by_d_applies, by_root(r) && r->hd != 1)

APPLIES(scale_by_d_in_applies, by_root(r) && r->d_in != r->hd)

APPLIES(scale_by_d_out_applies, by_root(r) && r->H > 1)

/* the query axis; the heads' (dim=1 of a 4-d tensor); the batch's */
APPLIES(softmax_wrong_dim_applies, rd == SWD_QUERY ? r->T > 1 : rd == SWD_HEADS ? r->H > 1 : r->batched && r->B > 1)

/* with a mask it gives nan */
APPLIES(unmasked_applies, !r->causal)

APPLIES(causal_applies, r->causal)

/* else queries are keys */
APPLIES(projected_applies, !r->simple)

static int
weight_not_transposed_applies(const struct run *r, const struct input *in, int rd)
{
	int width = in->stacked ? r->hd : r->d_out, l, k;

	if (r->simple || width != r->d_in)
		return 0;
	for (l = 0, k = 0; l < 3; l++) {
		if (rd % WNT_BIAS != WNT_ALL && rd % WNT_BIAS != WNT_QUERY + l)
			continue;
		if (!r->layer[l].linear)
			return 0;
		k |= r->layer[l].b != NULL;
	}
	return rd < WNT_BIAS || k;	/* "+ bias" only where there is one */
}

APPLIES(dropout_not_scaled_applies, in->dropout > 0 && in->dropout < 1)

APPLIES(dropout_applies, in->dropout > 0)

APPLIES(heads_not_transposed_applies, r->H > 1 && r->T > 1)

APPLIES(no_out_proj_applies, r->layer[LAYER_OUT].present)

/* ---- the line it changes ---- */

/* a row's line that is one snprintf (format and arguments ...) of nm and rd, at stage */
#define LINE(name, stage, ...) \
	static int \
	name(char *buf, size_t len, const struct mistake_names *nm, int rd) \
	{ \
		(void)nm, (void)rd; \
		snprintf(buf, len, __VA_ARGS__); \
		return stage; \
	}

LINE(no_scale_line, ST_SCALED_SCORES, "scaled_scores = %s  # not scaled", nm->scores)

LINE(scale_by_d_line, ST_SCALED_SCORES,
    "scaled_scores = %s / %s.shape[-1]  # d_k = %d, not its square root", nm->scores, nm->kv, nm->r->hd)

/* scaled by the root of another width than head_dim: scores, then scaling (say "... = width" in it) */
static int
wrong_width_line(char *buf, size_t len, const struct mistake_names *nm, const char *scaling, const char *say, int width)
{
	snprintf(buf, len, "scaled_scores = %s%s  # %s = %d, not head_dim = %d", nm->scores, scaling, say, width,
	    nm->r->hd);
	return ST_SCALED_SCORES;
}

static int
scale_by_d_in_line(char *buf, size_t len, const struct mistake_names *nm, int rd)
{
	(void)rd;
	return wrong_width_line(buf, len, nm, " * C**-0.5", "C = d_in", nm->r->d_in);
}

static int
scale_by_d_out_line(char *buf, size_t len, const struct mistake_names *nm, int rd)
{
	(void)rd;
	return wrong_width_line(buf, len, nm, " / d_out**0.5", "d_out", nm->r->d_out);
}

static int
softmax_wrong_dim_line(char *buf, size_t len, const struct mistake_names *nm, int rd)
{
	int nd = nm->r->st[ST_ATTN_WEIGHTS]->ndim;

	snprintf(buf, len, "attn_weights = torch.softmax(scaled_scores, dim=%d)  # the %s axis",
	    rd == SWD_QUERY ? nd - 2 : rd == SWD_HEADS ? nd - 3 : 0,
	    rd == SWD_QUERY ? "query" : rd == SWD_HEADS ? "heads'" : "batch");
	return ST_ATTN_WEIGHTS;
}

LINE(normalise_by_sum_line, ST_ATTN_WEIGHTS,
    "attn_weights = scaled_scores / scaled_scores.sum(dim=-1, keepdim=True)")

/* attn_weights = torch.softmax(attn_scores<this run's scaling>, dim=-1)<rest>: the mask left out or put late */
static int
unmasked_softmax_line(char *buf, size_t len, const struct mistake_names *nm, const char *rest)
{
	char sc[64];

	snprintf(buf, len, "attn_weights = torch.softmax(attn_scores%s, dim=-1)%s", code_scaling(nm->r, nm->in, sc,
	    sizeof sc), rest);
	return ST_ATTN_WEIGHTS;
}

static int
no_mask_line(char *buf, size_t len, const struct mistake_names *nm, int rd)
{
	(void)rd;
	return unmasked_softmax_line(buf, len, nm, "  # no masked_fill: the future not masked");
}

static int
mask_after_softmax_line(char *buf, size_t len, const struct mistake_names *nm, int rd)
{
	char rest[128];

	(void)rd;
	snprintf(rest, sizeof rest, " * torch.tril(torch.ones(%d, %d))  # masked after softmax, rows not renormalised",
	    nm->r->T, nm->r->T);
	return unmasked_softmax_line(buf, len, nm, rest);
}

LINE(mask_with_zero_line, ST_MASKED_SCORES, "masked_scores = attn_scores.masked_fill(mask.bool(), 0)")

LINE(mask_diagonal_line, ST_MASK, "mask = torch.triu(torch.ones(%d, %d), diagonal=0)", nm->r->T, nm->r->T)

static int
mask_inverted_line(char *buf, size_t len, const struct mistake_names *nm, int rd)
{
	if (rd == MI_PAST)
		snprintf(buf, len, "mask = torch.tril(torch.ones(%d, %d), diagonal=-1)", nm->r->T, nm->r->T);
	else
		snprintf(buf, len, "mask = torch.tril(torch.ones(%d, %d))  # masked where 1: the past and the diagonal",
		    nm->r->T, nm->r->T);
	return ST_MASK;
}

LINE(qk_swapped_line, ST_ATTN_SCORES, "attn_scores = %s @ %s%s", nm->kv, nm->qv, nm->tr)

static int
queries_are_keys_line(char *buf, size_t len, const struct mistake_names *nm, int rd)
{
	const char *both = rd == QAK_KEYS ? nm->kv : nm->qv;

	snprintf(buf, len, "attn_scores = %s @ %s%s", both, both, nm->tr);
	return ST_ATTN_SCORES;
}

static int
weight_not_transposed_line(char *buf, size_t len, const struct mistake_names *nm, int rd)
{
	const char *const *layer_var = input_layer_names;
	static const char *const qkv[3] = { "queries", "keys", "values" };
	int l = rd % WNT_BIAS == WNT_ALL ? 0 : rd % WNT_BIAS - WNT_QUERY;

	(void)nm;
	snprintf(buf, len, "%s = inputs @ %s.weight%s%s%s%s", qkv[l], layer_var[l], rd >= WNT_BIAS ? " + " : "",
	    rd >= WNT_BIAS ? layer_var[l] : "", rd >= WNT_BIAS ? ".bias" : "",
	    rd % WNT_BIAS == WNT_ALL ? "  # and keys, values alike" : "");
	return ST_QUERIES + l;
}

static int
dropout_not_scaled_line(char *buf, size_t len, const struct mistake_names *nm, int rd)
{
	if (rd == DNS_RAND)
		snprintf(buf, len, "dropped_weights = attn_weights * (torch.rand(attn_weights.shape) > %s)", nm->num);
	else
		snprintf(buf, len, "dropped_weights = attn_weights * (dropout_mask != 0)  # not scaled by 1/(1-p)");
	return ST_DROPPED_WEIGHTS;
}

LINE(dropout_before_softmax_line, ST_ATTN_SCORES,
    "attn_scores = nn.Dropout(%s)(%s @ %s%s)  # on the scores; no dropout after softmax",
    nm->num, nm->qv, nm->kv, nm->tr)

static int
heads_not_transposed_line(char *buf, size_t len, const struct mistake_names *nm, int rd)
{
	const struct run *r = nm->r;

	if (rd == HNT_MERGE) {
		snprintf(buf, len, "merged = context_vecs.contiguous().view(%s%d, %d)  # no transpose back",
		    nm->lead, r->T, r->d_out);
		return ST_MERGED;
	}
	snprintf(buf, len, "queries_heads = queries.view(%s%d, %d, %d)  # no transpose; keys, values alike%s",
	    nm->lead, r->H, r->T, r->hd, rd == HNT_BOTH ? "; merged with view too" : "");
	return ST_QUERIES_HEADS;
}

LINE(no_out_proj_line, ST_OUTPUT, "output = %s  # out_proj left out", nm->r->H > 1 ? "merged" : "context_vecs")

/* ---- the catalogue ---- */

const struct check_mistake check_mistakes[MK_COUNT] = {
	[MK_NO_SCALE] = { "no-scale", "scores not scaled before softmax",
	    SL_SCALE, 1, no_scale_applies, no_scale_line },
	[MK_SCALE_BY_D] = { "scale-by-d", "divided by d_k instead of sqrt(d_k)",
	    SL_SCALE, 1, scale_by_d_applies, scale_by_d_line },
	[MK_SCALE_BY_D_IN] = { "scale-by-d-in", "scaled by the embedding width d_in instead of the head width",
	    SL_SCALE, 1, scale_by_d_in_applies, scale_by_d_in_line },
	[MK_SCALE_BY_D_OUT] = { "scale-by-d-out", "with several heads: scaled by d_out instead of head_dim",
	    SL_SCALE, 1, scale_by_d_out_applies, scale_by_d_out_line },
	[MK_SOFTMAX_WRONG_DIM] = { "softmax-wrong-dim", "softmax over the query axis: columns sum to 1",
	    SL_SOFTMAX, 3, softmax_wrong_dim_applies, softmax_wrong_dim_line },
	[MK_NORMALISE_BY_SUM] = { "normalise-by-sum", "normalised by the row sum instead of softmax",
	    SL_SOFTMAX, 1, unmasked_applies, normalise_by_sum_line },
	[MK_NO_MASK] = { "no-mask", "the causal mask left out (in a causal run)",
	    SL_MASK, 1, causal_applies, no_mask_line },
	[MK_MASK_AFTER_SOFTMAX] = { "mask-after-softmax", "causal mask applied after softmax, rows not renormalised",
	    SL_MASK, 1, causal_applies, mask_after_softmax_line },
	[MK_MASK_WITH_ZERO] = { "mask-with-zero", "future scores set to 0 instead of -inf before softmax",
	    SL_MASK, 1, causal_applies, mask_with_zero_line },
	[MK_MASK_DIAGONAL] = { "mask-diagonal", "the mask hides the diagonal too",
	    SL_MASK, 1, causal_applies, mask_diagonal_line },
	[MK_MASK_INVERTED] = { "mask-inverted", "the past is masked instead of the future",
	    SL_MASK, 2, causal_applies, mask_inverted_line },
	[MK_QK_SWAPPED] = { "queries-keys-swapped", "scores transposed: keys times queries",
	    SL_SCORES, 1, projected_applies, qk_swapped_line },
	[MK_QUERIES_ARE_KEYS] = { "queries-are-keys", "the keys used in place of the queries (or the reverse)",
	    SL_SCORES, 2, projected_applies, queries_are_keys_line },
	[MK_WEIGHT_NOT_TRANSPOSED] = { "weight-not-transposed", "an nn.Linear weight applied as x @ W instead of x @ W.T",
	    SL_PROJECT, 2 * WNT_BIAS, weight_not_transposed_applies, weight_not_transposed_line },
	[MK_DROPOUT_NOT_SCALED] = { "dropout-not-scaled", "dropout zeroes entries but does not scale by 1/(1-p)",
	    SL_DROPOUT, 2, dropout_not_scaled_applies, dropout_not_scaled_line },
	[MK_DROPOUT_BEFORE_SOFTMAX] = { "dropout-before-softmax", "dropout applied to the scores, not the weights",
	    SL_DROPOUT, 1, dropout_applies, dropout_before_softmax_line },
	[MK_HEADS_NOT_TRANSPOSED] = { "heads-not-transposed",
	    "heads split with view and no transpose, or merged without transposing back",
	    SL_SPLIT, 3, heads_not_transposed_applies, heads_not_transposed_line },
	[MK_NO_OUT_PROJ] = { "no-out-proj", "the output projection left out",
	    SL_OUTPUT, 1, no_out_proj_applies, no_out_proj_line },
};

int
mistake_line(char *buf, size_t len, const struct run *r, const struct input *in, int mk, int rd)
{
	struct mistake_names nm;

	memset(&nm, 0, sizeof nm);
	nm.r = r;
	nm.in = in;
	nm.scores = r->causal ? "masked_scores" : "attn_scores";
	nm.kv = r->H > 1 ? "keys_heads" : "keys";
	nm.qv = r->H > 1 ? "queries_heads" : "queries";
	snprintf(nm.tr, sizeof nm.tr, "%s", r->H > 1 ? (r->batched ? ".transpose(2, 3)" : ".transpose(1, 2)") :
	    r->batched ? ".transpose(1, 2)" : ".T");
	if (r->batched)
		snprintf(nm.lead, sizeof nm.lead, "%d, ", r->B);
	real_str(nm.num, sizeof nm.num, in->dropout);
	return check_mistakes[mk].line(buf, len, &nm, rd);
}
