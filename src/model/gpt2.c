/*
 * gpt2.c - a Hugging Face GPT-2 folder opened: config.json's sizes (a table
 * of keys), every weight's name and shape checked against them at once, then
 * blocks converted to float32 only up to the layer asked for.
 */
#include <cjson/cJSON.h>
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util/util.h"
#include "../kernels/kernels.h"
#include "gpt2.h"

/* config.json's keys: a whole number >= min, or (eps) a number > 0; optional ones keep their default */
static const struct config_key {
	const char *name;
	size_t off;
	int min, required;
} config_keys[] = {
	{ "n_embd", offsetof(struct gpt2_config, n_embd), 1, 1 },
	{ "n_head", offsetof(struct gpt2_config, n_head), 1, 1 },
	{ "n_layer", offsetof(struct gpt2_config, n_layer), 1, 1 },
	{ "n_positions", offsetof(struct gpt2_config, n_positions), 1, 1 },
	{ "vocab_size", offsetof(struct gpt2_config, vocab_size), 1, 0 },
};

/*
 * The keys that change GPT2Model's computation: n_inner (the MLP's width,
 * null meaning 4C), and those it does not follow, refused in one line:
 * another activation than gelu_new, the scores unscaled or scaled by the
 * layer's index, the upcast reordered attention.
 */
static int
gpt2_config_variant(struct gpt2_config *c, const cJSON *root, const char *path, char *err, size_t errlen)
{
	static const struct { const char *name; int dflt; const char *what; } flags[] = {
		{ "scale_attn_weights", 1, "the scores divided by sqrt(head_dim)" },
		{ "scale_attn_by_inverse_layer_idx", 0, "no scaling by the layer's index" },
		{ "reorder_and_upcast_attn", 0, "the scores as matmul, then division" },
	};
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(root, "n_inner");
	size_t i;

	c->n_inner = 4 * c->n_embd;
	if (v != NULL && !cJSON_IsNull(v) && (!cJSON_IsNumber(v) || v->valuedouble < 1 || v->valuedouble > 1e7 ||
	    v->valuedouble != (int)v->valuedouble))
		return diag_errf(err, errlen, "%s: n_inner: expected a whole number >= 1 or null", path);
	if (cJSON_IsNumber(v))
		c->n_inner = (int)v->valuedouble;
	v = cJSON_GetObjectItemCaseSensitive(root, "activation_function");
	if (v != NULL && !(cJSON_IsString(v) && strcmp(v->valuestring, "gelu_new") == 0))
		return diag_errf(err, errlen, "%s: activation_function%s%.40s%s expected \"gelu_new\" (GPT-2's tanh GELU, "
		    "the only one attn-explain computes)", path, cJSON_IsString(v) ? " \"" : ":",
		    cJSON_IsString(v) ? v->valuestring : "", cJSON_IsString(v) ? "\"," : "");
	for (i = 0; i < sizeof flags / sizeof flags[0]; i++) {
		v = cJSON_GetObjectItemCaseSensitive(root, flags[i].name);
		if (v != NULL && !(cJSON_IsBool(v) && cJSON_IsTrue(v) == flags[i].dflt))
			return diag_errf(err, errlen, "%s: %s: expected %s (%s, as GPT-2 computes)", path, flags[i].name,
			    flags[i].dflt ? "true" : "false", flags[i].what);
	}
	return 0;
}

static int
gpt2_config_keys(struct gpt2_config *c, const cJSON *root, const char *path, char *err, size_t errlen)
{
	const cJSON *v;
	size_t i;

	for (i = 0; i < sizeof config_keys / sizeof config_keys[0]; i++) {
		const struct config_key *k = &config_keys[i];

		v = cJSON_GetObjectItemCaseSensitive(root, k->name);
		if (v == NULL && !k->required)
			continue;
		if (!cJSON_IsNumber(v) || v->valuedouble < k->min || v->valuedouble > 1e7 ||
		    v->valuedouble != (int)v->valuedouble)
			return diag_errf(err, errlen, "%s: %s: expected a whole number >= %d", path, k->name, k->min);
		*(int *)((char *)c + k->off) = (int)v->valuedouble;
	}
	v = cJSON_GetObjectItemCaseSensitive(root, "layer_norm_epsilon");
	if (v != NULL && (!cJSON_IsNumber(v) || !(v->valuedouble > 0 && v->valuedouble < 1)))
		return diag_errf(err, errlen, "%s: layer_norm_epsilon: expected a number between 0 and 1", path);
	if (v != NULL)
		c->layer_norm_epsilon = v->valuedouble;
	if (c->n_embd % c->n_head != 0)
		return diag_errf(err, errlen, "%s: n_embd %d is not a multiple of n_head %d", path, c->n_embd, c->n_head);
	v = cJSON_GetObjectItemCaseSensitive(root, "model_type");
	if (cJSON_IsString(v) && strcmp(v->valuestring, "gpt2") != 0)
		return diag_errf(err, errlen, "%s: model_type \"%.40s\", expected \"gpt2\"", path, v->valuestring);
	return gpt2_config_variant(c, root, path, err, errlen);
}

int
gpt2_config_load(struct gpt2_config *c, const char *dir, char *err, size_t errlen)
{
	char path[4096], buf[65536];
	FILE *fp;
	size_t n;
	cJSON *root;
	int rc;

	memset(c, 0, sizeof *c);
	c->layer_norm_epsilon = 1e-5;	/* GPT2Config's default */
	snprintf(path, sizeof path, "%s/config.json", dir);
	if ((fp = fopen(path, "rb")) == NULL)
		return diag_errf(err, errlen, "%s: %s", path, strerror(errno));
	n = fread(buf, 1, sizeof buf, fp);
	fclose(fp);
	if (n == sizeof buf)
		return diag_errf(err, errlen, "%s: longer than %zu bytes, expected a model's config", path, sizeof buf - 1);
	root = cJSON_ParseWithLength(buf, n);
	if (!cJSON_IsObject(root))
		rc = diag_errf(err, errlen, "%s: expected a JSON object", path);
	else
		rc = gpt2_config_keys(c, root, path, err, errlen);
	cJSON_Delete(root);
	return rc;
}

/* A block's tensors: h.N.NAME, shape (m0 * C, m1 * C) or (m0 * C,); m0 or m1 INNER: n_inner */
enum { INNER = -1 };
static const struct block_tensor {
	const char *name;
	size_t off;
	int ndim, m0, m1;
} block_tensors[] = {
	{ "ln_1.weight", offsetof(struct gpt2_block, ln_1_w), 1, 1, 0 },
	{ "ln_1.bias", offsetof(struct gpt2_block, ln_1_b), 1, 1, 0 },
	{ "attn.c_attn.weight", offsetof(struct gpt2_block, c_attn_w), 2, 1, 3 },
	{ "attn.c_attn.bias", offsetof(struct gpt2_block, c_attn_b), 1, 3, 0 },
	{ "attn.c_proj.weight", offsetof(struct gpt2_block, attn_proj_w), 2, 1, 1 },
	{ "attn.c_proj.bias", offsetof(struct gpt2_block, attn_proj_b), 1, 1, 0 },
	{ "ln_2.weight", offsetof(struct gpt2_block, ln_2_w), 1, 1, 0 },
	{ "ln_2.bias", offsetof(struct gpt2_block, ln_2_b), 1, 1, 0 },
	{ "mlp.c_fc.weight", offsetof(struct gpt2_block, c_fc_w), 2, 1, INNER },
	{ "mlp.c_fc.bias", offsetof(struct gpt2_block, c_fc_b), 1, INNER, 0 },
	{ "mlp.c_proj.weight", offsetof(struct gpt2_block, mlp_proj_w), 2, INNER, 1 },
	{ "mlp.c_proj.bias", offsetof(struct gpt2_block, mlp_proj_b), 1, 1, 0 },
};
enum { NBLOCK = sizeof block_tensors / sizeof block_tensors[0] };

static void
block_shape(const struct gpt2 *m, const struct block_tensor *bt, char *name, size_t len, int layer, int64_t *shape)
{
	snprintf(name, len, "h.%d.%s", layer, bt->name);
	shape[0] = bt->m0 == INNER ? m->cfg.n_inner : (int64_t)bt->m0 * m->cfg.n_embd;
	shape[1] = bt->m1 == INNER ? m->cfg.n_inner : (int64_t)bt->m1 * m->cfg.n_embd;
}

/* wte missing: say what the file holds instead (LLaMA's model.embed_tokens...) */
static int
gpt2_not_gpt2(const struct gpt2 *m, char *err, size_t errlen)
{
	return diag_errf(err, errlen, "%s: wte.weight: missing tensor, expected GPT-2's names (wte, wpe, h.0.attn.c_attn, ...)%s%.80s",
	    m->st.path, m->st.n ? ", found " : "", m->st.n ? m->st.t[0].name : "");
}

/* Every tensor GPT-2 needs, there with its shape: errors come now, before anything is read. */
static int
gpt2_check(struct gpt2 *m, char *err, size_t errlen)
{
	int64_t C = m->cfg.n_embd, wte[2], wpe[2] = { m->cfg.n_positions, C }, c[1] = { C }, shape[2];
	const struct st_tensor *t = st_find(&m->st, "wte.weight");
	char name[128];
	int l, i;

	if (t == NULL)
		return gpt2_not_gpt2(m, err, errlen);
	if (m->cfg.vocab_size == 0 && t->ndim == 2 && t->shape[0] > 0 && t->shape[0] < 10000000)
		m->cfg.vocab_size = (int)t->shape[0];	/* config.json without vocab_size: wte says */
	wte[0] = m->cfg.vocab_size;
	wte[1] = C;
	if (st_expect(&m->st, "wte.weight", 2, wte, err, errlen) != 0 ||
	    st_expect(&m->st, "wpe.weight", 2, wpe, err, errlen) != 0 ||
	    st_expect(&m->st, "ln_f.weight", 1, c, err, errlen) != 0 ||
	    st_expect(&m->st, "ln_f.bias", 1, c, err, errlen) != 0)
		return -1;
	for (l = 0; l < m->cfg.n_layer; l++)
		for (i = 0; i < NBLOCK; i++) {
			block_shape(m, &block_tensors[i], name, sizeof name, l, shape);
			if (st_expect(&m->st, name, block_tensors[i].ndim, shape, err, errlen) != 0)
				return -1;
		}
	return 0;
}

static int
has_file(const char *dir, const char *name)
{
	char path[4096];
	FILE *fp;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	if ((fp = fopen(path, "rb")) == NULL)
		return 0;
	fclose(fp);
	return 1;
}

/*
 * dir lacks file (config.json or model.safetensors): say so, naming what
 * it holds instead when that is OpenAI's TensorFlow checkpoint (the book's
 * chapter 5 download: hparams.json, model.ckpt.*) or a PyTorch pickle.
 */
static int
gpt2_no_file(const char *dir, const char *file, char *err, size_t errlen)
{
	if (has_file(dir, "model.ckpt.index") || has_file(dir, "hparams.json"))
		return diag_errf(err, errlen, "%s/%s: No such file: this is OpenAI's TensorFlow checkpoint (hparams.json, "
		    "model.ckpt.*), which attn-explain does not read; expected Hugging Face's config.json + model.safetensors "
		    "(huggingface-cli download gpt2 --local-dir DIR)", dir, file);
	if (has_file(dir, "pytorch_model.bin") && strcmp(file, "model.safetensors") == 0)
		return diag_errf(err, errlen, "%s/model.safetensors: No such file: pytorch_model.bin (a pickle) is not read; "
		    "expected model.safetensors (huggingface-cli download gpt2 --local-dir DIR, or save_pretrained(DIR))", dir);
	return diag_errf(err, errlen, "%s/%s: %s", dir, file, strerror(ENOENT));
}

int
gpt2_open(struct gpt2 *m, const char *dir, char *err, size_t errlen)
{
	char path[4096];

	memset(m, 0, sizeof *m);
	if (!has_file(dir, "config.json") && errno == ENOENT && has_file(dir, "."))
		return gpt2_no_file(dir, "config.json", err, errlen);
	if (gpt2_config_load(&m->cfg, dir, err, errlen) != 0)
		return -1;
	snprintf(path, sizeof path, "%s/model.safetensors", dir);
	if (!has_file(dir, "model.safetensors") && errno == ENOENT)
		return gpt2_no_file(dir, "model.safetensors", err, errlen);
	if (st_open(&m->st, path, err, errlen) != 0)
		return -1;
	m->dir = xstrdup(dir);
	m->h = xcalloc(m->cfg.n_layer, sizeof *m->h);
	if (gpt2_check(m, err, errlen) != 0) {
		gpt2_close(m);
		return -1;
	}
	return 0;
}

void
gpt2_close(struct gpt2 *m)
{
	int l;

	for (l = 0; m->h != NULL && l < m->cfg.n_layer; l++)
		tensor_free(m->h[l].mem);
	free(m->h);
	free(m->ln_f_w);
	free(m->ln_f_b);
	free(m->dir);
	st_close(&m->st);
	memset(m, 0, sizeof *m);
}

/* A block's 12 arrays in one buffer: each starts on a 64-byte line; the floats it takes */
static size_t
block_floats(const struct gpt2 *m)
{
	int64_t shape[2];
	char name[128];
	size_t n = 0;
	int i;

	for (i = 0; i < NBLOCK; i++) {
		block_shape(m, &block_tensors[i], name, sizeof name, 0, shape);
		n += ((size_t)shape[0] * (block_tensors[i].ndim == 2 ? (size_t)shape[1] : 1) + 15) / 16 * 16;
	}
	return n;
}

/*
 * A block's F32 bytes are read in pieces of at most 1 MiB, the two
 * threads taking half the pieces each (tensor_parallel): the kernel's copy
 * out of the page cache is most of a read, and two copy twice as fast.
 */
#define PIECE ((uint64_t)1 << 20)

struct piece {
	const struct st_tensor *t;
	uint64_t off, len;
	char *out;
	int failed;
};

struct pieces {
	const struct st_file *f;
	struct piece *p;
};

static void
read_pieces(void *ctx, size_t lo, size_t hi)
{
	struct pieces *ps = ctx;
	char err[8];
	size_t i;

	for (i = lo; i < hi; i++)
		ps->p[i].failed = st_pread(ps->f, ps->p[i].t, ps->p[i].off, ps->p[i].len, ps->p[i].out, err, sizeof err) != 0;
}

/* the pieces of t's bytes at out, appended to p[*n .. ] */
static void
add_pieces(struct piece *p, size_t *n, const struct st_tensor *t, char *out)
{
	uint64_t len = t->end - t->begin, k = (len + PIECE - 1) / PIECE, i;

	for (i = 0; i < k; i++)
		p[(*n)++] = (struct piece){ t, len * i / k, len * (i + 1) / k - len * i / k, out + len * i / k, 0 };
}

/* Block l's arrays read into buf (block_floats() floats, 64-byte aligned), b's pointers into it. */
static int
block_read(const struct gpt2 *m, int l, float *buf, struct gpt2_block *b, char *err, size_t errlen)
{
	struct pieces ps = { &m->st, xmalloc((block_floats(m) * sizeof(float) / PIECE + NBLOCK) * sizeof *ps.p) };
	int64_t shape[2];
	char name[128];
	size_t n = 0, i;
	int k, rc = 0;

	for (k = 0; k < NBLOCK && rc == 0; k++) {
		const struct st_tensor *t;

		block_shape(m, &block_tensors[k], name, sizeof name, l, shape);
		*(float **)((char *)b + block_tensors[k].off) = buf;
		if ((t = st_find(&m->st, name)) != NULL && st_raw_f32(&m->st, t))
			add_pieces(ps.p, &n, t, (char *)buf);	/* (gpt2_open checked every shape) */
		else
			rc = st_load(&m->st, name, block_tensors[k].ndim, shape, buf, err, errlen);
		buf += ((size_t)shape[0] * (block_tensors[k].ndim == 2 ? (size_t)shape[1] : 1) + 15) / 16 * 16;
	}
	if (rc == 0)
		tensor_parallel(read_pieces, &ps, n, (size_t)(PIECE / sizeof(float)));
	for (i = 0; i < n && rc == 0; i++)	/* a piece that failed, read again here for its message */
		if (ps.p[i].failed)
			rc = st_pread(&m->st, ps.p[i].t, ps.p[i].off, ps.p[i].len, ps.p[i].out, err, errlen);
	free(ps.p);
	return rc;
}

/* A buffer for one block (a 2 MiB-aligned mapping with huge pages, as every big tensor), or NULL with err */
static struct tensor *
block_buffer(const struct gpt2 *m, char *err, size_t errlen)
{
	size_t n = block_floats(m);
	int len = (int)n;

	if (n > INT_MAX / 2) {
		diag_errf(err, errlen, "%s: a block of %zu floats (n_embd %d), expected at most %d", m->st.path, n,
		    m->cfg.n_embd, INT_MAX / 2);
		return NULL;
	}
	return tensor_new_uninit(1, &len);
}

int
gpt2_load_block(struct gpt2 *m, int l, char *err, size_t errlen)
{
	struct gpt2_block *b = &m->h[l];

	if (b->mem != NULL)
		return 0;
	if ((b->mem = block_buffer(m, err, errlen)) == NULL)
		return -1;
	if (block_read(m, l, b->mem->data, b, err, errlen) == 0)
		return 0;
	tensor_free(b->mem);
	memset(b, 0, sizeof *b);
	return -1;
}

int
gpt2_load(struct gpt2 *m, int layer, char *err, size_t errlen)
{
	if (layer < 0 || layer >= m->cfg.n_layer)
		return diag_errf(err, errlen, "%s: layer %d, expected 0 .. %d (n_layer %d)", m->dir, layer,
		    m->cfg.n_layer - 1, m->cfg.n_layer);
	for (; m->n_loaded <= layer; m->n_loaded++)
		if (gpt2_load_block(m, m->n_loaded, err, errlen) != 0)
			return -1;
	return 0;
}

const struct gpt2_block *
gpt2_block_get(const struct gpt2 *m, int l, struct gpt2_stream *s, char *err, size_t errlen)
{
	if (m->h[l].mem != NULL)
		return &m->h[l];
	if (s->buf == NULL && (s->buf = block_buffer(m, err, errlen)) == NULL)
		return NULL;
	return block_read(m, l, s->buf->data, &s->b, err, errlen) == 0 ? &s->b : NULL;
}

void
gpt2_stream_free(struct gpt2_stream *s)
{
	tensor_free(s->buf);
	memset(s, 0, sizeof *s);
}

int
gpt2_load_final(struct gpt2 *m, char *err, size_t errlen)
{
	int64_t c[1] = { m->cfg.n_embd };

	if (m->ln_f_w != NULL)
		return 0;
	m->ln_f_w = xmalloc(c[0] * sizeof *m->ln_f_w);
	m->ln_f_b = xmalloc(c[0] * sizeof *m->ln_f_b);
	return st_read(&m->st, "ln_f.weight", 1, c, m->ln_f_w, err, errlen) != 0 ||
	    st_read(&m->st, "ln_f.bias", 1, c, m->ln_f_b, err, errlen) != 0 ? -1 : 0;
}

int
gpt2_tok_emb(const struct gpt2 *m, const int *ids, int n, float *out, char *err, size_t errlen)
{
	int64_t shape[2] = { m->cfg.vocab_size, m->cfg.n_embd };
	int t;

	for (t = 0; t < n; t++) {
		if (ids[t] < 0 || ids[t] >= m->cfg.vocab_size)
			return diag_errf(err, errlen, "token %d: id %d, expected 0 .. %d (vocab_size)", t, ids[t],
			    m->cfg.vocab_size - 1);
		if (st_read_rows(&m->st, "wte.weight", 2, shape, ids[t], 1, out + (size_t)t * m->cfg.n_embd, err,
		    errlen) != 0)
			return -1;
	}
	return 0;
}

int
gpt2_pos_emb(const struct gpt2 *m, int T, float *out, char *err, size_t errlen)
{
	int64_t shape[2] = { m->cfg.n_positions, m->cfg.n_embd };

	if (T < 0 || T > m->cfg.n_positions)
		return diag_errf(err, errlen, "%d tokens, expected at most %d (n_positions)", T, m->cfg.n_positions);
	return st_read_rows(&m->st, "wpe.weight", 2, shape, 0, T, out, err, errlen);
}
