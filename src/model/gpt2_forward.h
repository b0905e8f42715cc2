/*
 * gpt2_forward.h - GPT-2's forward pass (gpt2_forward.c) up to layer L's
 * attention, with the stages attn-explain shows, each a float32 tensor
 * with the batch dimension of Hugging Face's (1, T, ...) layout, except
 * pos_emb, (T, C) as the book's wpe(torch.arange(T)) gives it.
 *
 * Ownership: gpt2_forward() fills a struct gpt2_run released with
 * gpt2_run_free() (a failed run leaves nothing to free); it loads block L
 * into the model (kept there) and reads blocks 0 .. L-1 one at a time into
 * a buffer it frees (gpt2_block_get).  Errors: one line in err, -1.
 */
#ifndef GPT2_FORWARD_H
#define GPT2_FORWARD_H

#include <stddef.h>

#include "gpt2.h"

enum {
	G2_TOKEN_IDS,		/* no tensor: ids (int64 in torch) */
	G2_TOK_EMB, G2_POS_EMB, G2_X,
	G2_RESIDUAL,		/* the stream entering layer L; NULL for L = 0 */
	G2_LN_1, G2_QKV, G2_QUERIES, G2_KEYS, G2_VALUES,
	G2_QUERIES_HEADS, G2_KEYS_HEADS, G2_VALUES_HEADS,
	G2_ATTN_SCORES, G2_SCALED_SCORES, G2_MASKED_SCORES, G2_ATTN_WEIGHTS,
	G2_CONTEXT_VECS, G2_MERGED, G2_OUTPUT,
	G2_NSTAGES
};

struct tensor;

struct gpt2_run {
	int T, layer;
	int *ids;			/* T token ids */
	struct tensor *st[G2_NSTAGES];	/* st[G2_TOKEN_IDS] and (L = 0) st[G2_RESIDUAL] are NULL */
};

/*
 * A learner's mistake in GPT-2's blocks, for check mode (teach names it):
 * the attention's or the MLP's residual left out (x = attn(ln_1(x)) in
 * place of x = x + attn(ln_1(x))), and the layer norms' eps: another value
 * (eps >= 0; < 0: the config's) or added to the standard deviation.
 */
struct gpt2_mistake {
	int no_attn_residual, no_mlp_residual;
	float eps;
	int eps_on_std;
};

int gpt2_forward(struct gpt2 *m, const int *ids, int T, int layer, struct gpt2_run *r, char *err, size_t errlen);
void gpt2_run_free(struct gpt2_run *r);
/*
 * r's run made again with mistake v: the stream entering layer L (a new
 * (1, T, C) tensor, blocks 0 .. L-1 read again; NULL for L = 0, or with
 * err when a block cannot be read), and from x (that stream, or NULL for
 * r's x at L = 0) the stages ln_1 .. output of layer L (loaded by the run)
 * into st, each a new tensor.
 */
struct tensor *gpt2_residual_mistaken(const struct gpt2 *m, const struct gpt2_run *r, const struct gpt2_mistake *v,
    char *err, size_t errlen);
void gpt2_attention_mistaken(const struct gpt2 *m, const struct gpt2_run *r, const struct gpt2_mistake *v,
    const struct tensor *x, struct tensor **st);

/* "attn_scores" for G2_ATTN_SCORES; NULL out of range.  gpt2_stage_find: the reverse, or -1. */
const char *gpt2_stage_name(int stage);
int gpt2_stage_find(const char *name);

#endif
