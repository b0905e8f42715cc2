/*
 * mistake.c - check mode's catalogue of mistakes, one row each
 * (mistake.h): when a run can make it, and the line of the notebook it
 * changes, for -v.  check.c searches the catalogue; stage_run_variant
 * computes a mistake's numbers.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "mistake.h"

/* ---- when a run can make it (and it would change anything) ---- */

/* divided by sqrt(head_dim): the scale mistakes replace that */
static int
by_root(const struct run *r)
{
	return r->scaled && r->scale_divides;
}

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

/* can run r make mistake mk (reading rd), and would it change anything? */
int
mistake_applies(int mk, const struct run *r, const struct input *in, int rd)
{
	switch (mk) {
	case MK_NO_SCALE: return r->scaled && !(r->scale_divides ? r->hd == 1 : r->scale_used == 1);
	case MK_SCALE_BY_D: return by_root(r) && r->hd != 1;
	case MK_SCALE_BY_D_IN: return by_root(r) && r->d_in != r->hd;
	case MK_SCALE_BY_D_OUT: return by_root(r) && r->H > 1;
	/* the query axis; the heads' (dim=1 of a 4-d tensor); the batch's */
	case MK_SOFTMAX_WRONG_DIM: return rd == SWD_QUERY ? r->T > 1 : rd == SWD_HEADS ? r->H > 1 : r->batched && r->B > 1;
	case MK_NORMALISE_BY_SUM: return !r->causal;	/* with a mask it gives nan */
	case MK_NO_MASK: case MK_MASK_AFTER_SOFTMAX: case MK_MASK_WITH_ZERO: case MK_MASK_DIAGONAL:
	case MK_MASK_INVERTED: return r->causal;
	case MK_QK_SWAPPED: case MK_QUERIES_ARE_KEYS: return !r->simple;	/* else queries are keys */
	case MK_WEIGHT_NOT_TRANSPOSED: return weight_not_transposed_applies(r, in, rd);
	case MK_DROPOUT_NOT_SCALED: return in->dropout > 0 && in->dropout < 1;
	case MK_DROPOUT_BEFORE_SOFTMAX: return in->dropout > 0;
	case MK_HEADS_NOT_TRANSPOSED: return r->H > 1 && r->T > 1;
	case MK_NO_OUT_PROJ: return r->layer[LAYER_OUT].present;
	default: return 0;
	}
}

/* ---- the line it changes ---- */

/* the line into buf, printf-like; the stage it replaces */
static int
say(char *buf, size_t len, int stage, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, len, fmt, ap);
	va_end(ap);
	return stage;
}

/* attn_weights = torch.softmax(attn_scores<this run's scaling>, dim=-1)<...>: the mask left out, or put after */
static int
unmasked_softmax_line(char *buf, size_t len, const struct mistake_names *nm, int after)
{
	char sc[64], rest[128];

	if (after)
		snprintf(rest, sizeof rest, " * torch.tril(torch.ones(%d, %d))  # masked after softmax, rows not "
		    "renormalised", nm->r->T, nm->r->T);
	else
		snprintf(rest, sizeof rest, "  # no masked_fill: the future not masked");
	return say(buf, len, ST_ATTN_WEIGHTS, "attn_weights = torch.softmax(attn_scores%s, dim=-1)%s",
	    code_scaling(nm->r, nm->in, sc, sizeof sc), rest);
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

/* the line of mistake mk, reading rd */
static int
line_of(char *buf, size_t len, const struct mistake_names *nm, int mk, int rd)
{
	const struct run *r = nm->r;
	int nd = r->st[ST_ATTN_WEIGHTS] != NULL ? r->st[ST_ATTN_WEIGHTS]->ndim : 0, T = r->T;
	const char *both = rd == QAK_KEYS ? nm->kv : nm->qv;

	switch (mk) {
	case MK_NO_SCALE: return say(buf, len, ST_SCALED_SCORES, "scaled_scores = %s  # not scaled", nm->scores);
	case MK_SCALE_BY_D: return say(buf, len, ST_SCALED_SCORES, "scaled_scores = %s / %s.shape[-1]  # d_k = %d, "
	    "not its square root", nm->scores, nm->kv, r->hd);
	/* scaled by the root of another width than head_dim */
	case MK_SCALE_BY_D_IN: return say(buf, len, ST_SCALED_SCORES, "scaled_scores = %s * C**-0.5  # C = d_in = %d, "
	    "not head_dim = %d", nm->scores, r->d_in, r->hd);
	case MK_SCALE_BY_D_OUT: return say(buf, len, ST_SCALED_SCORES, "scaled_scores = %s / d_out**0.5  # d_out = %d, "
	    "not head_dim = %d", nm->scores, r->d_out, r->hd);
	case MK_SOFTMAX_WRONG_DIM: return say(buf, len, ST_ATTN_WEIGHTS, "attn_weights = torch.softmax(scaled_scores, "
	    "dim=%d)  # the %s axis", rd == SWD_QUERY ? nd - 2 : rd == SWD_HEADS ? nd - 3 : 0,
	    rd == SWD_QUERY ? "query" : rd == SWD_HEADS ? "heads'" : "batch");
	case MK_NORMALISE_BY_SUM: return say(buf, len, ST_ATTN_WEIGHTS, "attn_weights = scaled_scores / "
	    "scaled_scores.sum(dim=-1, keepdim=True)");
	case MK_NO_MASK: case MK_MASK_AFTER_SOFTMAX:
		return unmasked_softmax_line(buf, len, nm, mk == MK_MASK_AFTER_SOFTMAX);
	case MK_MASK_WITH_ZERO: return say(buf, len, ST_MASKED_SCORES, "masked_scores = attn_scores.masked_fill(mask.bool(), 0)");
	case MK_MASK_DIAGONAL: return say(buf, len, ST_MASK, "mask = torch.triu(torch.ones(%d, %d), diagonal=0)", T, T);
	case MK_MASK_INVERTED: return say(buf, len, ST_MASK, rd == MI_PAST ? "mask = torch.tril(torch.ones(%d, %d), "
	    "diagonal=-1)" : "mask = torch.tril(torch.ones(%d, %d))  # masked where 1: the past and the diagonal", T, T);
	case MK_QK_SWAPPED: return say(buf, len, ST_ATTN_SCORES, "attn_scores = %s @ %s%s", nm->kv, nm->qv, nm->tr);
	case MK_QUERIES_ARE_KEYS: return say(buf, len, ST_ATTN_SCORES, "attn_scores = %s @ %s%s", both, both, nm->tr);
	case MK_WEIGHT_NOT_TRANSPOSED: return weight_not_transposed_line(buf, len, nm, rd);
	case MK_DROPOUT_NOT_SCALED: return say(buf, len, ST_DROPPED_WEIGHTS, rd == DNS_RAND ? "dropped_weights = "
	    "attn_weights * (torch.rand(attn_weights.shape) > %s)" : "dropped_weights = attn_weights * (dropout_mask != 0)"
	    "  # not scaled by 1/(1-p)", nm->num);
	case MK_DROPOUT_BEFORE_SOFTMAX: return say(buf, len, ST_ATTN_SCORES, "attn_scores = nn.Dropout(%s)(%s @ %s%s)  "
	    "# on the scores; no dropout after softmax", nm->num, nm->qv, nm->kv, nm->tr);
	case MK_HEADS_NOT_TRANSPOSED: return heads_not_transposed_line(buf, len, nm, rd);
	case MK_NO_OUT_PROJ: return say(buf, len, ST_OUTPUT, "output = %s  # out_proj left out",
	    r->H > 1 ? "merged" : "context_vecs");
	default: return -1;
	}
}

/* ---- the catalogue ---- */

const struct check_mistake check_mistakes[MK_COUNT] = {
	[MK_NO_SCALE] = { "no-scale", "scores not scaled before softmax",
	    SL_SCALE, 1 },
	[MK_SCALE_BY_D] = { "scale-by-d", "divided by d_k instead of sqrt(d_k)",
	    SL_SCALE, 1 },
	[MK_SCALE_BY_D_IN] = { "scale-by-d-in", "scaled by the embedding width d_in instead of the head width",
	    SL_SCALE, 1 },
	[MK_SCALE_BY_D_OUT] = { "scale-by-d-out", "with several heads: scaled by d_out instead of head_dim",
	    SL_SCALE, 1 },
	[MK_SOFTMAX_WRONG_DIM] = { "softmax-wrong-dim", "softmax over the query axis: columns sum to 1",
	    SL_SOFTMAX, 3 },
	[MK_NORMALISE_BY_SUM] = { "normalise-by-sum", "normalised by the row sum instead of softmax",
	    SL_SOFTMAX, 1 },
	[MK_NO_MASK] = { "no-mask", "the causal mask left out (in a causal run)",
	    SL_MASK, 1 },
	[MK_MASK_AFTER_SOFTMAX] = { "mask-after-softmax", "causal mask applied after softmax, rows not renormalised",
	    SL_MASK, 1 },
	[MK_MASK_WITH_ZERO] = { "mask-with-zero", "future scores set to 0 instead of -inf before softmax",
	    SL_MASK, 1 },
	[MK_MASK_DIAGONAL] = { "mask-diagonal", "the mask hides the diagonal too",
	    SL_MASK, 1 },
	[MK_MASK_INVERTED] = { "mask-inverted", "the past is masked instead of the future",
	    SL_MASK, 2 },
	[MK_QK_SWAPPED] = { "queries-keys-swapped", "scores transposed: keys times queries",
	    SL_SCORES, 1 },
	[MK_QUERIES_ARE_KEYS] = { "queries-are-keys", "the keys used in place of the queries (or the reverse)",
	    SL_SCORES, 2 },
	[MK_WEIGHT_NOT_TRANSPOSED] = { "weight-not-transposed", "an nn.Linear weight applied as x @ W instead of x @ W.T",
	    SL_PROJECT, 2 * WNT_BIAS },
	[MK_DROPOUT_NOT_SCALED] = { "dropout-not-scaled", "dropout zeroes entries but does not scale by 1/(1-p)",
	    SL_DROPOUT, 2 },
	[MK_DROPOUT_BEFORE_SOFTMAX] = { "dropout-before-softmax", "dropout applied to the scores, not the weights",
	    SL_DROPOUT, 1 },
	[MK_HEADS_NOT_TRANSPOSED] = { "heads-not-transposed",
	    "heads split with view and no transpose, or merged without transposing back",
	    SL_SPLIT, 3 },
	[MK_NO_OUT_PROJ] = { "no-out-proj", "the output projection left out",
	    SL_OUTPUT, 1 },
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
	return line_of(buf, len, &nm, mk, rd);
}
