/*
 * gpt2_forward.h - GPT-2's forward pass (gpt2_forward.c) up to layer L's
 * attention, with the stages attn-explain shows, each a float32 tensor
 * with the batch dimension of Hugging Face's (1, T, ...) layout, except
 * pos_emb, (T, C) as the book's wpe(torch.arange(T)) gives it.
 *
 * Ownership: gpt2_forward() fills a struct gpt2_run released with
 * gpt2_run_free() (a failed run leaves nothing to free); it loads blocks
 * 0 .. L of the model as needed.  Errors: one line in err, -1.
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

int gpt2_forward(struct gpt2 *m, const int *ids, int T, int layer, struct gpt2_run *r, char *err, size_t errlen);
void gpt2_run_free(struct gpt2_run *r);

/* "attn_scores" for G2_ATTN_SCORES; NULL out of range.  gpt2_stage_find: the reverse, or -1. */
const char *gpt2_stage_name(int stage);
int gpt2_stage_find(const char *name);

#endif
