/*
 * gpt2_mistake.c - check's mistake catalogue (../shared/spec/check.md) on a
 * --model run: the stages from the scores on, made again with one mistake
 * written in (no scale, scaled by d or by n_embd, no causal mask, the mask
 * with 0 or on the diagonal or inverted, softmax over the queries' axis,
 * the mask after softmax, keys times queries, keys for queries, heads
 * split or merged without the transpose, c_proj left out), or the whole
 * run from the residual stream on made again with a residual connection
 * left out in blocks 0 .. L-1 or a layer norm's eps not GPT-2's, so that
 * --check can name what a learner's differing print did.  Owns the list of
 * the mistakes it knows (g2_mistakes), their readings and their stages,
 * and the cache of the mistaken residual streams (struct g2_cache).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../util/util.h"
#include "../kernels/kernels.h"
#include "gpt2_mode.h"

const struct g2_mistake g2_mistakes[G2_NMISTAKES] = {
	{ "no-scale", "scores not scaled before softmax" },
	{ "scale-by-d", "divided by head_dim instead of sqrt(head_dim)" },
	{ "scale-by-d-in", "scaled by the embedding width n_embd instead of the head width" },
	{ "no-mask", "the causal mask left out" },
	{ "mask-with-zero", "future scores set to 0 instead of -inf before softmax" },
	{ "mask-diagonal", "the mask hides the diagonal too" },
	{ "mask-inverted", "the past is masked instead of the future" },
	{ "softmax-wrong-dim", "softmax over the query axis: columns sum to 1" },
	{ "mask-after-softmax", "causal mask applied after softmax, rows not renormalised" },
	{ "queries-keys-swapped", "scores transposed: keys times queries" },
	{ "queries-are-keys", "the keys used in place of the queries" },
	{ "heads-not-transposed", "heads split or merged with view and no transpose" },
	{ "no-out-proj", "the output projection c_proj left out" },
	{ "no-residual", "a block's residual left out: x = attn(ln_1(x)) or x = mlp(ln_2(x)), not x = x + ..." },
	{ "layer-norm-eps", "layer norm's eps not GPT-2's layer_norm_epsilon (1e-12, 1e-6 or none; or added to the std)" },
};

enum { NO_SCALE, BY_D, BY_D_IN, NO_MASK, MASK_ZERO, MASK_DIAG, MASK_INV, WRONG_DIM, MASK_AFTER, SWAPPED,
	Q_IS_K, NOT_TRANSPOSED, NO_PROJ, NO_RESIDUAL, LN_EPS };

/*
 * The readings of no-residual and layer-norm-eps, G2_NREADINGS each:
 * the attention's residual, the MLP's or both left out; and the eps of
 * BERT's LayerNorm (1e-12, which a forgotten eps, / sqrt(var), matches
 * to the printed digits), of T5's and ViT's (1e-6), and GPT-2's own added
 * to the standard deviation, (x - mean) / (std + eps), as the Annotated
 * Transformer's LayerNorm does.
 */
static const struct gpt2_mistake readings[2][G2_NREADINGS] = {
	{ { 1, 0, -1.0f, 0 }, { 0, 1, -1.0f, 0 }, { 1, 1, -1.0f, 0 } },
	{ { 0, 0, 1e-12f, 0 }, { 0, 0, 1e-6f, 0 }, { 0, 0, -1.0f, 1 } },
};

/* does the mask (as mistake k draws it) hide key j from query i? */
static int
hidden(int k, int i, int j)
{
	return k == NO_MASK || k == MASK_AFTER ? 0 : k == MASK_DIAG ? j >= i : k == MASK_INV ? j < i : j > i;
}

static struct tensor *
like(const struct tensor *t)
{
	return tensor_new_uninit(t->ndim, t->shape);
}

/* the first stage mistake k changes */
static int
first_stage(int k)
{
	return k == SWAPPED || k == Q_IS_K ? G2_ATTN_SCORES : k <= BY_D_IN ? G2_SCALED_SCORES :
	    k <= MASK_INV ? G2_MASKED_SCORES : k <= MASK_AFTER ? G2_ATTN_WEIGHTS : k == NOT_TRANSPOSED ? G2_MERGED : G2_OUTPUT;
}

/* st[s] for s from attn_scores on, with mistake k (the stages before it are the run's) */
static void
stages(const struct gctx *c, int k, struct tensor **st)
{
	const struct gpt2_run *r = &c->r;
	int C = c->m.cfg.n_embd, H = c->m.cfg.n_head, d = C / H, T = r->T, h, i, j, s;
	size_t tt = (size_t)T * T, td = (size_t)T * d;
	const struct gpt2_block *b = &c->m.h[r->layer];
	float div = k == NO_SCALE ? 1.0f : k == BY_D ? (float)d : k == BY_D_IN ? (float)sqrt((double)C) :
	    (float)sqrt((double)d);

	for (s = G2_ATTN_SCORES; s < G2_NSTAGES; s++)
		st[s] = like(r->st[s]);
	tensor_mm_batch(st[G2_ATTN_SCORES]->data, r->st[k == Q_IS_K ? G2_KEYS_HEADS : G2_QUERIES_HEADS]->data,
	    r->st[G2_KEYS_HEADS]->data, H, T, T, d, td, td, tt, 1);
	if (k == SWAPPED) {
		struct tensor *tr = like(st[G2_ATTN_SCORES]);

		for (h = 0; h < H; h++)
			for (i = 0; i < T; i++)
				for (j = 0; j < T; j++)
					tr->data[h * tt + (size_t)i * T + j] = st[G2_ATTN_SCORES]->data[h * tt + (size_t)j * T + i];
		tensor_free(st[G2_ATTN_SCORES]);
		st[G2_ATTN_SCORES] = tr;
	}
	tensor_scale(st[G2_SCALED_SCORES]->data, st[G2_ATTN_SCORES]->data, (size_t)H * tt, div, 1);
	for (h = 0; h < H; h++)
		for (i = 0; i < T; i++)
			for (j = 0; j < T; j++) {
				size_t o = h * tt + (size_t)i * T + j;

				st[G2_MASKED_SCORES]->data[o] = hidden(k, i, j) ? k == MASK_ZERO ? 0.0f : -INFINITY :
				    st[G2_SCALED_SCORES]->data[o];
			}
	if (k == WRONG_DIM)
		tensor_softmax_dim(st[G2_ATTN_WEIGHTS]->data, st[G2_MASKED_SCORES]->data, (size_t)H, (size_t)T, (size_t)T);
	else
		tensor_softmax_rows(st[G2_ATTN_WEIGHTS]->data, st[G2_MASKED_SCORES]->data, (size_t)H * T, T);
	for (h = 0; k == MASK_AFTER && h < H; h++)
		for (i = 0; i < T; i++)
			for (j = i + 1; j < T; j++)
				st[G2_ATTN_WEIGHTS]->data[h * tt + (size_t)i * T + j] = 0.0f;
	tensor_mm_batch(st[G2_CONTEXT_VECS]->data, st[G2_ATTN_WEIGHTS]->data, r->st[G2_VALUES_HEADS]->data,
	    H, T, d, T, tt, td, td, 0);
	for (h = 0; h < H; h++)
		for (i = 0; i < T; i++)
			memcpy(st[G2_MERGED]->data + (k == NOT_TRANSPOSED ? h * td + (size_t)i * d : (size_t)i * C + h * d),
			    st[G2_CONTEXT_VECS]->data + h * td + (size_t)i * d, (size_t)d * sizeof(float));
	if (k == NO_PROJ)
		memcpy(st[G2_OUTPUT]->data, st[G2_MERGED]->data, (size_t)T * C * sizeof(float));
	else
		tensor_addmm(st[G2_OUTPUT]->data, st[G2_MERGED]->data, b->attn_proj_w, b->attn_proj_b, T, C, C);
}

int
g2_readings(const struct gctx *c, int k)
{
	return k == NO_RESIDUAL ? (c->r.layer > 0 ? G2_NREADINGS : 0) : k == LN_EPS ? G2_NREADINGS : 1;
}

/* the run from the residual stream on with reading i of no-residual or layer-norm-eps */
static void
block_stages(const struct gctx *c, struct g2_cache *cache, int k, int i, struct tensor **st)
{
	const struct gpt2_mistake *v = &readings[k - NO_RESIDUAL][i];
	struct tensor **x = &cache->residual[k - NO_RESIDUAL][i];
	char err[512];

	if (*x == NULL && c->r.layer > 0 && (*x = gpt2_residual_mistaken(&c->m, &c->r, v, err, sizeof err)) == NULL) {
		diag("%s", err);	/* the file changed since the run read it: this reading is left out */
		return;
	}
	if (*x != NULL)
		st[G2_RESIDUAL] = tensor_copy(*x);
	gpt2_attention_mistaken(&c->m, &c->r, v, *x, st);
}

void
g2_mistaken(const struct gctx *c, struct g2_cache *cache, int k, int i, struct tensor **st)
{
	int s;

	memset(st, 0, G2_NSTAGES * sizeof *st);
	if (k >= NO_RESIDUAL) {
		block_stages(c, cache, k, i, st);
		return;
	}
	stages(c, k, st);
	for (s = G2_ATTN_SCORES; s < first_stage(k); s++) {
		tensor_free(st[s]);
		st[s] = NULL;
	}
	if (k == NO_MASK) {	/* no masked_scores without a mask: their scaled_scores */
		tensor_free(st[G2_MASKED_SCORES]);
		st[G2_MASKED_SCORES] = NULL;
	}
	for (s = G2_QUERIES_HEADS; k == NOT_TRANSPOSED && s <= G2_VALUES_HEADS; s++) {	/* split: view(1, H, T, d) */
		st[s] = like(c->r.st[s]);
		memcpy(st[s]->data, c->r.st[s - 3]->data, st[s]->numel * sizeof *st[s]->data);
	}
}

void
g2_stages_free(struct tensor **st)
{
	int s;

	for (s = 0; s < G2_NSTAGES; s++) {
		tensor_free(st[s]);
		st[s] = NULL;
	}
}

void
g2_cache_free(struct g2_cache *cache)
{
	int k, i;

	for (k = 0; k < 2; k++)
		for (i = 0; i < G2_NREADINGS; i++) {
			tensor_free(cache->residual[k][i]);
			cache->residual[k][i] = NULL;
		}
}
