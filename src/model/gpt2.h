/*
 * gpt2.h - a Hugging Face GPT-2 folder: config.json's sizes, and
 * model.safetensors' weights under GPT-2's names (wte, wpe, h.N.ln_1,
 * h.N.attn.c_attn, h.N.attn.c_proj, h.N.ln_2, h.N.mlp.c_fc, h.N.mlp.c_proj,
 * ln_f; with or without "transformer."), every shape checked against the
 * config when the folder is opened, before any weight is read.  Weights are
 * converted to float32 only for the blocks asked for; the embeddings only
 * for the rows asked for.  Conv1D weights keep their (in, out) layout:
 * y = x @ W + b.  attn.bias and attn.masked_bias (the mask buffers) are
 * ignored.
 *
 * Ownership: gpt2_open() fills a struct gpt2 released with gpt2_close() (a
 * failed open leaves nothing); the float arrays belong to it.  Failing
 * functions write one line into err ("FILE: TENSOR: what, expected what")
 * and return -1.
 */
#ifndef GPT2_H
#define GPT2_H

#include <stddef.h>

#include "safetensors.h"

struct tensor;

struct gpt2_config {
	int n_embd;		/* C */
	int n_head;		/* H; head_dim = C / H */
	int n_layer;
	int n_positions;	/* the most tokens */
	int vocab_size;
	int n_inner;		/* the MLP's width: config.json's n_inner, 4C when absent or null */
	double layer_norm_epsilon;
};

/* One block's weights, float32; C = n_embd. */
struct gpt2_block {
	float *ln_1_w, *ln_1_b;		/* (C,) (C,) */
	float *c_attn_w, *c_attn_b;	/* (C, 3C) (3C,): queries | keys | values */
	float *attn_proj_w, *attn_proj_b;	/* (C, C) (C,) */
	float *ln_2_w, *ln_2_b;		/* (C,) (C,) */
	float *c_fc_w, *c_fc_b;		/* (C, 4C) (4C,) */
	float *mlp_proj_w, *mlp_proj_b;	/* (4C, C) (C,) */
	struct tensor *mem;		/* the one buffer the arrays are in; NULL: not loaded */
};

struct gpt2 {
	char *dir;
	struct gpt2_config cfg;
	struct st_file st;		/* DIR/model.safetensors, mapped */
	int n_loaded;			/* blocks 0 .. n_loaded-1 are in h (gpt2_load) */
	struct gpt2_block *h;		/* n_layer blocks, NULL arrays until loaded (any of them may be) */
	float *ln_f_w, *ln_f_b;		/* (C,) (C,), NULL until gpt2_load_final() */
};

/* config.json of dir into c. */
int gpt2_config_load(struct gpt2_config *c, const char *dir, char *err, size_t errlen);

/* dir's config.json and model.safetensors, every GPT-2 tensor there with its shape; nothing read yet. */
int gpt2_open(struct gpt2 *m, const char *dir, char *err, size_t errlen);
void gpt2_close(struct gpt2 *m);

/* Blocks 0 .. layer converted (those already loaded kept); the later ones untouched. */
int gpt2_load(struct gpt2 *m, int layer, char *err, size_t errlen);
/* Block l alone into h[l] (kept if it is there), the blocks before it untouched. */
int gpt2_load_block(struct gpt2 *m, int l, char *err, size_t errlen);

/*
 * Blocks passed through once (the forward pass up to the layer shown) are
 * read one at a time into one buffer that the next one reuses: a struct
 * gpt2_stream, zeroed, then gpt2_stream_free().  gpt2_block_get: block l,
 * h[l] if loaded, else read into s (valid until the next call on s); NULL
 * with err if it cannot be read.
 */
struct gpt2_stream {
	struct tensor *buf;
	struct gpt2_block b;
};
const struct gpt2_block *gpt2_block_get(const struct gpt2 *m, int l, struct gpt2_stream *s, char *err, size_t errlen);
void gpt2_stream_free(struct gpt2_stream *s);
/* ln_f, the final layer norm. */
int gpt2_load_final(struct gpt2 *m, char *err, size_t errlen);

/* wte's rows of ids (n of them, each checked) into out: (n, C). */
int gpt2_tok_emb(const struct gpt2 *m, const int *ids, int n, float *out, char *err, size_t errlen);
/* wpe's rows 0 .. T-1 into out: (T, C); T at most n_positions. */
int gpt2_pos_emb(const struct gpt2 *m, int T, float *out, char *err, size_t errlen);

#endif
