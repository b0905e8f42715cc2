/*
 * gpt2_forward.c - GPT-2's forward pass up to one layer's attention, as
 * Hugging Face's GPT2Model runs it in PyTorch 1.13 on the CPU, keeping
 * the stages attn-explain shows: token_ids, tok_emb, pos_emb, x, the
 * residual stream entering layer L (blocks 0 .. L-1 in full), then that
 * layer's ln_1, qkv, the split and its head views, scores, scaled and
 * masked scores, weights, context vectors, merged heads and c_proj's
 * output.  Every number comes from a kernel that follows the matching
 * PyTorch kernel's float32 order (kernels/tensor.h: tensor_layer_norm,
 * tensor_addmm for Conv1D, tensor_mm_batch for matmul, tensor_softmax_rows,
 * tensor_gelu_new), so the stages agree with torch bit for bit.
 */
#include <malloc.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util/util.h"
#include "../kernels/kernels.h"
#include "gpt2.h"
#include "gpt2_forward.h"

static const char *const stage_names[G2_NSTAGES] = {
	"token_ids", "tok_emb", "pos_emb", "x", "residual", "ln_1", "qkv",
	"queries", "keys", "values", "queries_heads", "keys_heads", "values_heads",
	"attn_scores", "scaled_scores", "masked_scores", "attn_weights",
	"context_vecs", "merged", "output",
};

const char *
gpt2_stage_name(int stage)
{
	return stage >= 0 && stage < G2_NSTAGES ? stage_names[stage] : NULL;
}

int
gpt2_stage_find(const char *name)
{
	int i;

	for (i = 0; i < G2_NSTAGES; i++)
		if (strcmp(stage_names[i], name) == 0)
			return i;
	return -1;
}

static struct tensor *
t3(int a, int b, int c)
{
	int shape[3];

	shape[0] = a;
	shape[1] = b;
	shape[2] = c;
	return tensor_new_uninit(3, shape);
}

static struct tensor *
t4(int a, int b, int c, int d)
{
	int shape[4];

	shape[0] = a;
	shape[1] = b;
	shape[2] = c;
	shape[3] = d;
	return tensor_new_uninit(4, shape);
}

/* y = a + b, element-wise (torch.add: one rounding each) */
static void
add(float *y, const float *a, const float *b, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		y[i] = a[i] + b[i];
}

/* (T, C) columns off .. off+C-1 of a (T, 3C) row-major block, as H heads: (H, T, d) */
static void
split_heads(float *out, const float *qkv, int T, int C, int H, int off)
{
	int d = C / H, h, t;

	for (h = 0; h < H; h++)
		for (t = 0; t < T; t++)
			memcpy(out + ((size_t)h * T + t) * d, qkv + (size_t)t * 3 * C + off + h * d, (size_t)d * sizeof *out);
}

/*
 * A layer norm of T rows of C as GPT-2's (F.layer_norm with the config's
 * eps), or as mistake v writes it: another eps, or eps added to the
 * standard deviation, (x - mean) / (std + eps) * w + b.
 */
static void
norm(float *y, const float *x, const float *w, const float *b, int T, const struct gpt2 *m, const struct gpt2_mistake *v)
{
	int C = m->cfg.n_embd, t, j;
	float eps = v != NULL && v->eps >= 0 ? v->eps : (float)m->cfg.layer_norm_epsilon, mean, var, rstd;

	if (v == NULL || !v->eps_on_std) {
		tensor_layer_norm(y, x, w, b, (size_t)T, C, eps);
		return;
	}
	for (t = 0; t < T; t++) {
		const float *r = x + (size_t)t * C;

		tensor_layer_norm_one(r, C, 0, 1.0f, 0.0f, eps, &mean, &var, &rstd);
		for (j = 0; j < C; j++)
			y[(size_t)t * C + j] = (r[j] - mean) / (sqrtf(var) + eps) * w[j] + b[j];
	}
}

/*
 * One block's attention on h (1, T, C) into the stages ln_1 .. output of
 * st (every one allocated here).  HF's GPT2Attention: c_attn, split,
 * _split_heads, q @ k^T, / sqrt(head_dim), causal mask, softmax, @ v,
 * _merge_heads, c_proj.  v: a mistake in the layer norm, or NULL.
 */
static void
attention(const struct gpt2 *m, const struct gpt2_block *b, const float *x, int T, struct tensor **st,
    const struct gpt2_mistake *v)
{
	int C = m->cfg.n_embd, H = m->cfg.n_head, d = C / H, h, t, j;
	size_t tt = (size_t)T * T, td = (size_t)T * d;
	float *s;

	st[G2_LN_1] = t3(1, T, C);
	norm(st[G2_LN_1]->data, x, b->ln_1_w, b->ln_1_b, T, m, v);
	st[G2_QKV] = t3(1, T, 3 * C);
	tensor_addmm(st[G2_QKV]->data, st[G2_LN_1]->data, b->c_attn_w, b->c_attn_b, T, 3 * C, C);
	for (j = 0; j < 3; j++) {
		struct tensor *part = t3(1, T, C), *heads = t4(1, H, T, d);

		for (t = 0; t < T; t++)
			memcpy(part->data + (size_t)t * C, st[G2_QKV]->data + (size_t)t * 3 * C + j * C, (size_t)C * sizeof(float));
		split_heads(heads->data, st[G2_QKV]->data, T, C, H, j * C);
		st[G2_QUERIES + j] = part;
		st[G2_QUERIES_HEADS + j] = heads;
	}
	st[G2_ATTN_SCORES] = t4(1, H, T, T);
	tensor_mm_batch(st[G2_ATTN_SCORES]->data, st[G2_QUERIES_HEADS]->data, st[G2_KEYS_HEADS]->data,
	    H, T, T, d, td, td, tt, 1);
	st[G2_SCALED_SCORES] = t4(1, H, T, T);
	tensor_scale(st[G2_SCALED_SCORES]->data, st[G2_ATTN_SCORES]->data, (size_t)H * tt, (float)sqrt((double)d), 1);
	st[G2_MASKED_SCORES] = tensor_copy(st[G2_SCALED_SCORES]);
	s = st[G2_MASKED_SCORES]->data;
	for (h = 0; h < H; h++)
		for (t = 0; t < T; t++)
			for (j = t + 1; j < T; j++)
				s[(size_t)h * tt + (size_t)t * T + j] = -INFINITY;
	st[G2_ATTN_WEIGHTS] = t4(1, H, T, T);
	tensor_softmax_rows(st[G2_ATTN_WEIGHTS]->data, s, (size_t)H * T, T);
	st[G2_CONTEXT_VECS] = t4(1, H, T, d);
	tensor_mm_batch(st[G2_CONTEXT_VECS]->data, st[G2_ATTN_WEIGHTS]->data, st[G2_VALUES_HEADS]->data,
	    H, T, d, T, tt, td, td, 0);
	st[G2_MERGED] = t3(1, T, C);
	for (h = 0; h < H; h++)
		for (t = 0; t < T; t++)
			memcpy(st[G2_MERGED]->data + (size_t)t * C + h * d, st[G2_CONTEXT_VECS]->data + (size_t)h * td + (size_t)t * d,
			    (size_t)d * sizeof(float));
	st[G2_OUTPUT] = t3(1, T, C);
	tensor_addmm(st[G2_OUTPUT]->data, st[G2_MERGED]->data, b->attn_proj_w, b->attn_proj_b, T, C, C);
}

static void
free_block_stages(struct tensor **st)
{
	int i;

	for (i = G2_LN_1; i < G2_NSTAGES; i++) {
		tensor_free(st[i]);
		st[i] = NULL;
	}
}

/*
 * x (T, C) through block b in full, in place: x = x + attn(ln_1(x));
 * x = x + mlp(ln_2(x)), the MLP being c_fc, gelu_new, c_proj.  v: a
 * mistake (a residual left out, the layer norms' eps), or NULL.
 */
static void
block(const struct gpt2 *m, const struct gpt2_block *b, float *x, int T, const struct gpt2_mistake *v)
{
	struct tensor *st[G2_NSTAGES] = { NULL };
	int C = m->cfg.n_embd, I = m->cfg.n_inner;
	size_t n = (size_t)T * C;
	float *h = xmalloc(n * sizeof *h), *fc = xmalloc((size_t)T * I * sizeof *fc);

	attention(m, b, x, T, st, v);
	if (v != NULL && v->no_attn_residual)
		memcpy(x, st[G2_OUTPUT]->data, n * sizeof *x);
	else
		add(x, st[G2_OUTPUT]->data, x, n);
	free_block_stages(st);
	norm(h, x, b->ln_2_w, b->ln_2_b, T, m, v);
	tensor_addmm(fc, h, b->c_fc_w, b->c_fc_b, T, I, C);
	tensor_gelu_new(fc, fc, (size_t)T * I);
	tensor_addmm(h, fc, b->mlp_proj_w, b->mlp_proj_b, T, C, I);
	if (v != NULL && v->no_mlp_residual)
		memcpy(x, h, n * sizeof *x);
	else
		add(x, x, h, n);
	free(fc);
	free(h);
}

/*
 * x (T, C) through blocks 0 .. layer-1 in place, each read into one
 * buffer the next reuses (or the loaded block); v: a mistake, or NULL.
 */
static int
blocks(const struct gpt2 *m, float *x, int T, int layer, const struct gpt2_mistake *v, char *err, size_t errlen)
{
	struct gpt2_stream s = { NULL };
	const struct gpt2_block *b;
	int l, rc = 0;

	for (l = 0; l < layer && rc == 0; l++)
		if ((b = gpt2_block_get(m, l, &s, err, errlen)) != NULL)
			block(m, b, x, T, v);
		else
			rc = -1;
	gpt2_stream_free(&s);
	return rc;
}

int
gpt2_forward(struct gpt2 *m, const int *ids, int T, int layer, struct gpt2_run *r, char *err, size_t errlen)
{
	int C = m->cfg.n_embd;
	struct tensor *x;

	memset(r, 0, sizeof *r);
	if (T < 1)
		return diag_errf(err, errlen, "%s: no tokens, expected at least 1", m->dir);
	if (T > m->cfg.n_positions)
		return diag_errf(err, errlen, "%s: %d tokens, expected at most %d (n_positions)", m->dir, T, m->cfg.n_positions);
	if (layer < 0 || layer >= m->cfg.n_layer)
		return diag_errf(err, errlen, "%s: layer %d, expected 0 to %d (n_layer %d)", m->dir, layer,
		    m->cfg.n_layer - 1, m->cfg.n_layer);
	r->T = T;
	r->layer = layer;
	r->ids = xmalloc((size_t)T * sizeof *r->ids);
	memcpy(r->ids, ids, (size_t)T * sizeof *ids);
	r->st[G2_TOK_EMB] = t3(1, T, C);
	r->st[G2_POS_EMB] = tensor_new_uninit(2, (int[]){ T, C });
	if (gpt2_load_block(m, layer, err, errlen) != 0 ||
	    gpt2_tok_emb(m, ids, T, r->st[G2_TOK_EMB]->data, err, errlen) != 0 ||
	    gpt2_pos_emb(m, T, r->st[G2_POS_EMB]->data, err, errlen) != 0) {
		gpt2_run_free(r);
		return -1;
	}
	r->st[G2_X] = t3(1, T, C);
	add(r->st[G2_X]->data, r->st[G2_TOK_EMB]->data, r->st[G2_POS_EMB]->data, (size_t)T * C);
	x = r->st[G2_X];
	tensor_threads(1);	/* one worker for the run's products, woken rather than created per product */
#if defined(M_TRIM_THRESHOLD) && defined(M_MMAP_THRESHOLD)
	/*
	 * Each block makes and drops the same buffers (T x 4C floats, 768 KiB
	 * for GPT-2 small on 64 tokens): keep the freed ones for the next
	 * block, whose pages are then already there, rather than give each
	 * back to the kernel and fault a fresh mapping in (a trap per 4 KiB).
	 */
	mallopt(M_MMAP_THRESHOLD, 64 << 20);
	mallopt(M_TRIM_THRESHOLD, 256 << 20);
#endif
	if (layer > 0) {
		r->st[G2_RESIDUAL] = tensor_copy(x);
		if (blocks(m, r->st[G2_RESIDUAL]->data, T, layer, NULL, err, errlen) != 0) {
			tensor_threads(0);
			gpt2_run_free(r);
			return -1;
		}
		x = r->st[G2_RESIDUAL];
	}
	attention(m, &m->h[layer], x->data, T, r->st, NULL);
	tensor_threads(0);
	return 0;
}

struct tensor *
gpt2_residual_mistaken(const struct gpt2 *m, const struct gpt2_run *r, const struct gpt2_mistake *v, char *err,
    size_t errlen)
{
	struct tensor *x;
	int rc;

	if (r->layer == 0)
		return NULL;
	x = tensor_copy(r->st[G2_X]);
	tensor_threads(1);
	rc = blocks(m, x->data, r->T, r->layer, v, err, errlen);
	tensor_threads(0);
	if (rc != 0) {
		tensor_free(x);
		return NULL;
	}
	return x;
}

void
gpt2_attention_mistaken(const struct gpt2 *m, const struct gpt2_run *r, const struct gpt2_mistake *v,
    const struct tensor *x, struct tensor **st)
{
	tensor_threads(1);
	attention(m, &m->h[r->layer], (x != NULL ? x : r->st[G2_X])->data, r->T, st, v);
	tensor_threads(0);
}

void
gpt2_run_free(struct gpt2_run *r)
{
	int i;

	for (i = 0; i < G2_NSTAGES; i++)
		tensor_free(r->st[i]);
	free(r->ids);
	memset(r, 0, sizeof *r);
}
