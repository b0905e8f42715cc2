/*
 * stage.c - the attention stages, in spec order (shared/spec/input-format.md).
 *
 * Each stage is computed in float32 in the order of operations of the
 * PyTorch expression beside it, and carries the grad_fn name PyTorch's
 * autograd would give it (torch-print.md 10), so that print() text matches
 * the notebook: nn.Linear weights require grad, bare x @ W matrices do not.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "rng.h"
#include "stage.h"

const struct stage_def stage_defs[ST_COUNT] = {
	{ "inputs", 0, "the token embeddings, one row per token" },
	{ "queries", 0, "what each token is looking for" },
	{ "keys", 0, "what each token offers to be found by" },
	{ "values", 0, "what each token passes on when attended to" },
	{ "queries_heads", 0, "the queries split into heads" },
	{ "keys_heads", 0, "the keys split into heads" },
	{ "values_heads", 0, "the values split into heads" },
	{ "attn_scores", 0, "every query dotted with every key" },
	{ "mask", 0, "1 above the diagonal: the future each token may not see" },
	{ "masked_scores", 0, "scores of future tokens set to -inf" },
	{ "scaled_scores", 0, "scores scaled so softmax does not saturate" },
	{ "attn_weights", 0, "softmax: each row sums to 1" },
	{ "unmasked_weights", 1, "the other route: softmax before masking" },
	{ "mask_simple", 1, "1 on and below the diagonal" },
	{ "masked_simple", 1, "future weights zeroed after softmax" },
	{ "masked_simple_norm", 1, "rows renormalised: equals attn_weights" },
	{ "dropout_mask", 1, "what dropout multiplies by: 0 or 1/(1-p)" },
	{ "dropped_weights", 0, "attention weights after dropout (training mode)" },
	{ "context_vecs", 0, "each token's weighted sum of values" },
	{ "merged", 0, "the heads side by side again" },
	{ "output", 0, "the output projection" },
};

size_t stage_max_floats = STAGE_MAX_FLOATS;

/* Where a run's time goes, for make bench (ATTN_EXPLAIN_TIMING). */
static struct {
	const char *what;
	double seconds;
} laps[24];
static int nlaps;
static double lap_start;

/* The time since the last lap goes to `what` ("" starts the clock). */
static void
lap(const char *what)
{
	double t = tensor_clock();

	if (*what != '\0' && nlaps < (int)(sizeof laps / sizeof laps[0])) {
		laps[nlaps].what = what;
		laps[nlaps++].seconds = t - lap_start;
	}
	lap_start = t;
}

void
stage_timing_print(FILE *fp)
{
	int i;

	fprintf(fp, "timing: stages");
	for (i = 0; i < nlaps; i++)
		fprintf(fp, " %s %.2f", laps[i].what, laps[i].seconds * 1e3);
	fprintf(fp, " (ms)\n");
}

static const char *const layer_var[NLAYER] = { "W_query", "W_key", "W_value", "out_proj" };

int
stage_lookup(const char *name)
{
	int i;

	for (i = 0; i < ST_COUNT; i++)
		if (strcmp(name, stage_defs[i].name) == 0)
			return i;
	return -1;
}

static int
has_grad(const struct tensor *t)
{
	return t->grad_fn != NULL || t->requires_grad;
}

static void
set_grad(struct tensor *t, int requires, const char *name)
{
	t->grad_fn = requires ? name : NULL;
	t->requires_grad = 0;
}

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

/* "2, 6, " when batched, "" otherwise: the leading dims in view(...) calls */
static const char *
lead(const struct run *r, char *buf, size_t len)
{
	if (r->batched)
		snprintf(buf, len, "%d, ", r->B);
	else
		buf[0] = '\0';
	return buf;
}

/* A tensor shaped (…, rest...) where … is B when batched. */
static struct tensor *
new_lead(const struct run *r, int n, int d0, int d1, int d2)
{
	int shape[4], k = 0;

	if (r->batched)
		shape[k++] = r->B;
	shape[k++] = d0;
	if (n > 1)
		shape[k++] = d1;
	if (n > 2)
		shape[k++] = d2;
	return tensor_new_uninit(k, shape);	/* every caller writes every element */
}

/* (…, [H,] T, T) */
static struct tensor *
new_scores(const struct run *r)
{
	if (r->H > 1)
		return new_lead(r, 3, r->H, r->T, r->T);
	return new_lead(r, 2, r->T, r->T, 0);
}

/*
 * Element-wise passes over rows, shared between two threads on big
 * tensors (tensor_parallel): each row's floats are the same either way.
 */
struct rows_job {
	const struct run *r;
	const float *a, *b;	/* operands, as each pass says */
	float *y;		/* the result (may be a: in place) */
	int n;			/* floats per row */
	float f;		/* scale_rows: the factor ... */
	int divides;		/* ... that a is divided by, else multiplied by */
	int tril;		/* mul_rows: b is (T, T), the same for every leading index */
	int merge;		/* split_rows: the heads back into rows */
};

/* y = a / f or a * f */
static void
scale_rows(void *arg, size_t lo, size_t hi)
{
	const struct rows_job *j = arg;

	tensor_scale(j->y + lo * j->n, j->a + lo * j->n, (hi - lo) * j->n, j->f, j->divides);
}

/* y = a * b, b as big as a, or (T, T) for every leading index */
static void
mul_rows(void *arg, size_t lo, size_t hi)
{
	const struct rows_job *j = arg;
	size_t i;
	int T = j->r->T;

	for (i = lo; i < hi; i++)
		tensor_mul(j->y + i * j->n, j->a + i * j->n,
		    j->tril ? j->b + (i % (size_t)T) * T : j->b + i * j->n, (size_t)j->n);
}

/* y = a / a.sum(dim=-1, keepdim=True) */
static void
renorm_rows(void *arg, size_t lo, size_t hi)
{
	const struct rows_job *j = arg;
	size_t i;

	for (i = lo; i < hi; i++)
		tensor_scale(j->y + i * j->n, j->a + i * j->n, (size_t)j->n,
		    tensor_sum(j->a + i * j->n, (size_t)j->n), 1);
}

/* y = a.masked_fill(triu(ones(T, T), 1).bool(), -inf): rows of T scores */
static void
mask_rows(void *arg, size_t lo, size_t hi)
{
	const struct rows_job *j = arg;
	size_t i;
	int c, t;

	for (i = lo; i < hi; i++) {
		t = (int)(i % (size_t)j->n);
		if (j->y != j->a)
			memcpy(j->y + i * j->n, j->a + i * j->n, (size_t)(t + 1) * sizeof(float));
		for (c = t + 1; c < j->n; c++)
			j->y[i * j->n + c] = -INFINITY;
	}
}

/* heads: row (b, h, t) of y is columns h*hd.. of row (b, t) of a; merge: the reverse */
static void
split_rows(void *arg, size_t lo, size_t hi)
{
	const struct rows_job *j = arg;
	const struct run *r = j->r;
	size_t i;

	for (i = lo; i < hi; i++) {
		size_t t = i % (size_t)r->T, h = i / (size_t)r->T % (size_t)r->H, b = i / ((size_t)r->T * r->H);
		size_t head = i * r->hd, row = (b * r->T + t) * r->d_out + h * r->hd;

		if (j->merge)
			memcpy(j->y + row, j->a + head, (size_t)r->hd * sizeof(float));
		else
			memcpy(j->y + head, j->a + row, (size_t)r->hd * sizeof(float));
	}
}

static void
rows(void (*fn)(void *, size_t, size_t), struct rows_job *j, size_t nrows)
{
	tensor_parallel(fn, j, nrows, (size_t)j->n);
}

/*
 * y = x @ W or W(x): x (…, T, in) -> (…, T, out).  nn.Linear's grad_fn
 * depends on the bias and on whether x is 2-d (addmm/mm) or 3-d (view).
 */
static struct tensor *
project(const struct run *r, const struct tensor *x, const struct layer *L)
{
	int in = x->shape[x->ndim - 1];
	int out = L->linear ? L->w->shape[0] : L->w->shape[1];
	int n = (int)(x->numel / (size_t)in);
	struct tensor *y = new_lead(r, 2, r->T, out, 0);

	/* W (out, in) for nn.Linear: x @ W.T + b; else W (in, out): x @ W */
	tensor_linear(y->data, x->data, L->w->data, L->b ? L->b->data : NULL, n, out, in, L->linear);
	if (x->ndim == 2)
		set_grad(y, L->linear || has_grad(x), L->b ? "AddmmBackward0" : "MmBackward0");
	else
		set_grad(y, L->linear || has_grad(x), L->b ? "ViewBackward0" : "UnsafeViewBackward0");
	return y;
}

/* (…, T, d_out) -> (…, H, T, head_dim), as .view(…, T, H, hd).transpose(-3, -2) */
static struct tensor *
split_heads(const struct run *r, const struct tensor *x)
{
	struct tensor *y = new_lead(r, 3, r->H, r->T, r->hd);
	struct rows_job j = { .r = r, .a = x->data, .y = y->data, .n = r->hd };

	rows(split_rows, &j, y->numel / (size_t)r->hd);
	set_grad(y, has_grad(x), "TransposeBackward0");
	return y;
}

/* The grad_fn of a @ b: mm for 2-d operands, matmul's _unsafe_view otherwise. */
static const char *
matmul_name(const struct tensor *t)
{
	return t->ndim == 2 ? "MmBackward0" : "UnsafeViewBackward0";
}

/*
 * scores[b][h][t][t2] = q_t . k_t2 for each batch b and head h.
 * q, k: (…, [H,] T, head_dim)   scores: (…, [H,] T, T)
 */
static struct tensor *
attn_scores(const struct run *r, const struct tensor *q, const struct tensor *k)
{
	struct tensor *s = new_scores(r);
	size_t n = q->numel / ((size_t)r->T * r->hd), th = (size_t)r->T * r->hd;

	tensor_mm_batch(s->data, q->data, k->data, (int)n, r->T, r->T, r->hd, th, th, (size_t)r->T * r->T, 1);
	set_grad(s, has_grad(q) || has_grad(k), matmul_name(s));
	return s;
}

/* context[t] = sum over t2 of w[t][t2] * v[t2]: (…, [H,] T, T) @ (…, [H,] T, hd) */
static struct tensor *
context(const struct run *r, const struct tensor *w, const struct tensor *v)
{
	struct tensor *c = r->H > 1 ? new_lead(r, 3, r->H, r->T, r->hd) : new_lead(r, 2, r->T, r->hd, 0);
	size_t n = w->numel / ((size_t)r->T * r->T), th = (size_t)r->T * r->hd;

	tensor_mm_batch(c->data, w->data, v->data, (int)n, r->T, r->hd, r->T, (size_t)r->T * r->T, th, th, 0);
	set_grad(c, has_grad(w) || has_grad(v), matmul_name(c));
	return c;
}

/* y = torch.softmax(x, dim=-1); y may be x itself (in place) */
static struct tensor *
softmax(struct tensor *x, struct tensor *y)
{
	set_grad(y, has_grad(x), "SoftmaxBackward0");
	tensor_softmax_rows(y->data, x->data, x->numel / (size_t)x->shape[x->ndim - 1],
	    x->shape[x->ndim - 1]);
	return y;
}

/* torch.triu(torch.ones(T, T), diagonal=1) or torch.tril(torch.ones(T, T)) */
static struct tensor *
tri(int T, int upper)
{
	struct tensor *m = tensor_new2(T, T);
	int i, j;

	for (i = 0; i < T; i++)
		for (j = 0; j < T; j++)
			m->data[(size_t)i * T + j] = upper ? (j > i) : (j <= i);
	return m;
}

/* ---- the weights ---- */

static void
weights_from_input(struct run *r, const struct input *in)
{
	int l;

	for (l = 0; l < NLAYER; l++) {
		struct layer *L = &r->layer[l];
		const struct weight *w = &in->W[l];

		if (w->w == NULL)
			continue;
		L->present = 1;
		L->linear = w->linear;
		L->w = tensor_copy(w->w);
		L->b = w->b ? tensor_copy(w->b) : NULL;
		if (L->linear) {
			L->w->parameter = L->w->requires_grad = 1;
			if (L->b)
				L->b->parameter = L->b->requires_grad = 1;
		}
	}
}

/* Draw the weights in PyTorch's order (input-format.md "Random weights"). */
static void
weights_from_rng(struct run *r, const struct input *in, struct rng *g, struct sbuf *setup)
{
	int d_in = r->d_in, d = r->d_out, hd = r->hd, H = in->stacked ? r->H : 1;
	int width = in->stacked ? hd : d;
	int o, h, l, i, j;
	const char *fn = in->init == INIT_RANDN ? "randn" : "rand";
	float *tmp = xmalloc((size_t)d_in * width * sizeof *tmp);

	for (l = 0; l < 3; l++) {
		struct layer *L = &r->layer[l];

		L->present = 1;
		L->linear = in->init == INIT_LINEAR;
		L->w = L->linear ? tensor_new2(d, d_in) : tensor_new2(d_in, d);
		L->w->parameter = 1;
		L->w->requires_grad = L->linear;
		if (L->linear && in->qkv_bias) {
			L->b = tensor_new(1, &d);
			L->b->parameter = L->b->requires_grad = 1;
		}
	}
	if (in->stacked && H > 1)
		sbuf_addf(setup, "for h in range(%d):  # head by head, as MultiHeadAttentionWrapper\n", H);
	for (h = 0; h < H; h++) {
		for (o = 0; o < 3; o++) {
			struct layer *L = &r->layer[in->init_order[o]];
			const char *var = layer_var[in->init_order[o]];

			if (h == 0) {
				const char *ind = in->stacked && H > 1 ? "    " : "";
				const char *suf = in->stacked && H > 1 ? "_h" : "";

				if (L->linear)
					sbuf_addf(setup, "%s%s%s = nn.Linear(%d, %d, bias=%s)\n", ind, var, suf,
					    d_in, width, in->qkv_bias ? "True" : "False");
				else
					sbuf_addf(setup, "%s%s%s = nn.Parameter(torch.%s(%d, %d), requires_grad=False)\n",
					    ind, var, suf, fn, d_in, width);
			}
			if (L->linear) {
				/* head h's rows of the (out, in) weight are contiguous */
				rng_linear(g, L->w->data + (size_t)h * width * d_in,
				    L->b ? L->b->data + (size_t)h * width : NULL, d_in, width, 1);
				continue;
			}
			if (in->init == INIT_RANDN)
				rng_randn(g, tmp, (size_t)d_in * width);
			else
				rng_rand(g, tmp, (size_t)d_in * width);
			for (i = 0; i < d_in; i++)
				for (j = 0; j < width; j++)
					L->w->data[(size_t)i * d + h * width + j] = tmp[(size_t)i * width + j];
		}
	}
	if (in->stacked && H > 1)
		sbuf_addf(setup, "# W_query, W_key, W_value: the %d heads' layers side by side\n", H);
	free(tmp);
	if (in->out_proj) {
		struct layer *L = &r->layer[LAYER_OUT];
		int dd = d;

		L->present = L->linear = 1;
		L->w = tensor_new2(d, d);
		L->b = tensor_new(1, &dd);
		L->w->parameter = L->w->requires_grad = 1;
		L->b->parameter = L->b->requires_grad = 1;
		rng_linear(g, L->w->data, L->b->data, d, d, 1);
		sbuf_addf(setup, "out_proj = nn.Linear(%d, %d)\n", d, d);
	}
}

/* ---- the run ---- */

/* bytes of an n-float tensor in an arena (64-byte aligned) */
static size_t
arena_bytes(double n)
{
	return ((size_t)n * sizeof(float) + 63) / 64 * 64;
}

/*
 * The stages this input computes (a set of STAGE_BIT(id)), and the floats
 * of each in floats[id]: what stage_run() below allocates, stage by
 * stage.  The bench reports any byte of an arena that did not fit
 * (ATTN_EXPLAIN_TIMING), and a unit test checks that none does.
 */
static unsigned
plan(const struct run *r, const struct input *in, double floats[ST_COUNT])
{
	double B = r->batched ? r->B : 1, T = r->T, act = B * T * r->d_out, sc = B * r->H * T * T;
	unsigned set = 0;
	int i;

	for (i = 0; i < ST_COUNT; i++)
		floats[i] = 0;
#define STAGE(id, n) (set |= STAGE_BIT(id), floats[id] = (n))
	STAGE(ST_INPUTS, B * T * r->d_in);
	for (i = 0; i < 3; i++) {
		STAGE(ST_QUERIES + i, act);
		if (r->H > 1)
			STAGE(ST_QUERIES_HEADS + i, act);
	}
	STAGE(ST_ATTN_SCORES, sc);
	STAGE(ST_SCALED_SCORES, sc);
	STAGE(ST_ATTN_WEIGHTS, sc);
	if (in->causal) {
		STAGE(ST_MASK, T * T);
		STAGE(ST_MASKED_SCORES, sc);
		STAGE(ST_UNMASKED_WEIGHTS, sc);
		STAGE(ST_MASK_SIMPLE, T * T);
		STAGE(ST_MASKED_SIMPLE, sc);
		STAGE(ST_MASKED_SIMPLE_NORM, sc);
	}
	if (in->dropout > 0) {
		STAGE(ST_DROPOUT_MASK, sc);
		STAGE(ST_DROPPED_WEIGHTS, sc);
	}
	STAGE(ST_CONTEXT_VECS, act);
	if (r->H > 1)
		STAGE(ST_MERGED, act);
	if (in->out_proj || in->W[LAYER_OUT].w != NULL)
		STAGE(ST_OUTPUT, act);
#undef STAGE
	return set;
}

/* The floats of each weight and bias stage_run() makes (drawn, or copied from the input); how many. */
static int
plan_weights(const struct run *r, const struct input *in, double w[2 * NLAYER])
{
	int i, n = 0;

	if (in->init != INIT_NONE) {
		for (i = 0; i < 3; i++) {
			w[n++] = (double)r->d_in * r->d_out;
			if (in->init == INIT_LINEAR && in->qkv_bias)
				w[n++] = r->d_out;
		}
		if (in->out_proj) {
			w[n++] = (double)r->d_out * r->d_out;
			w[n++] = r->d_out;
		}
	} else {
		for (i = 0; i < NLAYER; i++) {
			if (in->W[i].w != NULL)
				w[n++] = (double)in->W[i].w->numel;
			if (in->W[i].b != NULL)
				w[n++] = (double)in->W[i].b->numel;
		}
	}
	return n;
}

/* Takes stage id out of the run (it was computed, but not kept); returns its tensor. */
static struct tensor *
unkeep(struct run *r, int id)
{
	struct tensor *t = r->st[id];

	r->st[id] = NULL;
	snprintf(r->why[id], sizeof r->why[id], "computed, but not kept by this run");
	return t;
}

/*
 * After a stage's last use: free it unless the caller keeps it, so that
 * the next stage reuses its memory (tensor_recycle).
 */
static void
drop(struct run *r, unsigned keep, int id)
{
	if (r->st[id] != NULL && !(keep & STAGE_BIT(id)))
		tensor_free(unkeep(r, id));
}

/*
 * Where a stage computed element by element from stage `id` goes: into
 * id's own memory when the run does not keep id (this is its last use),
 * so that a run keeping little needs few big blocks; else a new tensor.
 */
static struct tensor *
into(struct run *r, unsigned keep, int id)
{
	struct tensor *t = r->st[id];

	return keep & STAGE_BIT(id) ? tensor_new_uninit(t->ndim, t->shape) : unkeep(r, id);
}

int
stage_run(struct run *r, const struct input *in, unsigned keep, char *err, size_t errlen)
{
	struct rng g;
	struct sbuf setup = { 0 };
	struct tensor *x, *q, *k, *v, *s, *w;
	double floats[ST_COUNT], wfloats[2 * NLAYER], biggest, total;
	size_t wbytes;
	unsigned computed;
	int whole, nweights;
	char ld[32], ld2[32];
	int i, trainable, src;
	const char *scores_var;

	memset(r, 0, sizeof *r);
	if (in->inputs != NULL) {
		r->batched = in->inputs->ndim == 3;
		r->B = r->batched ? in->inputs->shape[0] : 1;
		r->T = in->inputs->shape[in->inputs->ndim - 2];
		r->d_in = in->inputs->shape[in->inputs->ndim - 1];
	} else {
		r->batched = in->rand_ndim == 3;
		r->B = r->batched ? in->rand_dims[0] : 1;
		r->T = in->rand_dims[in->rand_ndim - 2];
		r->d_in = in->rand_dims[in->rand_ndim - 1];
	}
	trainable = in->has_weights || in->init != INIT_NONE;
	r->simple = !trainable;
	r->d_out = trainable ? in->d_out : r->d_in;
	r->H = in->heads > 0 ? in->heads : 1;
	if (r->d_out % r->H != 0) {
		snprintf(err, errlen, "heads: %d heads do not divide d_out = %d", r->H, r->d_out);
		return -1;
	}
	r->hd = r->d_out / r->H;
	r->tokens = (const char *const *)in->tokens;
	r->ntokens = in->ntokens;
	computed = plan(r, in, floats);
	nweights = plan_weights(r, in, wfloats);
	for (i = 0, total = biggest = 0; i < ST_COUNT; i++) {
		total += floats[i];
		biggest = floats[i] > biggest ? floats[i] : biggest;
	}
	for (i = 0; i < nweights; i++)
		total += wfloats[i];
	if (total > (double)stage_max_floats) {	/* refused before anything is allocated */
		snprintf(err, errlen, "inputs: these sizes need %.0f floats for all stages "
		    "(attn_scores alone holds %.0f); the limit is %zu (%zu GiB)", total,
		    floats[ST_ATTN_SCORES], stage_max_floats, stage_max_floats * 4 >> 30);
		return -1;
	}
	nlaps = 0;
	lap("");
	for (i = 0, r->all_bytes = 0; i < ST_COUNT; i++)
		r->all_bytes += arena_bytes(floats[i]);
	for (i = 0, wbytes = 0; i < nweights; i++)
		wbytes += arena_bytes(wfloats[i]);
	r->all_bytes += wbytes;
	if (r->all_bytes >= ((size_t)1 << 20))	/* a worker thread pays off */
		tensor_threads(1);
	/*
	 * One arena for everything when nothing is to be freed early; else one
	 * for the weights only (kept by every run, too small for huge pages
	 * each), and the stages are recycled.
	 */
	whole = (keep & computed) == computed;
	r->arena_bytes = whole ? r->all_bytes : wbytes;
	r->arena = tensor_arena_new(r->arena_bytes);
	tensor_arena_use(whole ? r->arena : NULL);
	tensor_recycle((size_t)biggest * sizeof(float));
	for (i = 0; i < ST_COUNT; i++)
		snprintf(r->why[i], sizeof r->why[i], "not computed");

	/* inputs and weights, in PyTorch's order of draws */
	rng_seed(&g, in->seed);
	if (in->inputs != NULL) {
		x = tensor_copy(in->inputs);
		code(r, ST_INPUTS, "inputs = torch.tensor(...)  # from %s", in->path ? in->path : "the input");
	} else {
		const char *fn = in->rand_kind == INIT_RAND ? "rand" : "randn";
		int *dm = (int *)in->rand_dims;

		x = tensor_new_uninit(in->rand_ndim, dm);
		if (in->rand_kind == INIT_RAND)
			rng_rand(&g, x->data, x->numel);
		else
			rng_randn(&g, x->data, x->numel);
		if (in->rand_ndim == 3)
			code(r, ST_INPUTS, "torch.manual_seed(%llu); inputs = torch.%s(%d, %d, %d)",
			    (unsigned long long)in->seed, fn, dm[0], dm[1], dm[2]);
		else
			code(r, ST_INPUTS, "torch.manual_seed(%llu); inputs = torch.%s(%d, %d)",
			    (unsigned long long)in->seed, fn, dm[0], dm[1]);
	}
	r->st[ST_INPUTS] = x;
	if (in->init != INIT_NONE) {
		sbuf_addf(&setup, "torch.manual_seed(%llu)\n", (unsigned long long)in->seed);
		if (in->inputs == NULL)
			sbuf_addf(&setup, "inputs = torch.%s(...)  # drawn first\n", in->rand_kind == INIT_RAND ? "rand" : "randn");
		tensor_arena_use(r->arena);
		weights_from_rng(r, in, &g, &setup);
	} else if (in->has_weights) {
		tensor_arena_use(r->arena);
		weights_from_input(r, in);
		for (i = 0; i < NLAYER; i++)
			if (r->layer[i].present)
				sbuf_addf(&setup, r->layer[i].linear ?
				    "%s = nn.Linear(...)  # weight and bias from %s\n" :
				    "%s = torch.tensor(...)  # from %s\n", layer_var[i], in->path ? in->path : "the input");
	}
	tensor_arena_use(whole ? r->arena : NULL);
	lap("draws");
	if (setup.len > 0)
		r->setup = sbuf_take(&setup);

	/* queries, keys, values */
	if (r->simple) {
		q = tensor_copy(x);
		k = tensor_copy(x);
		v = tensor_copy(x);
		code(r, ST_QUERIES, "queries = inputs  # no trainable weights: each token is its own query");
		code(r, ST_KEYS, "keys = inputs");
		code(r, ST_VALUES, "values = inputs");
	} else {
		static const char *const names[3] = { "queries", "keys", "values" };

		q = project(r, x, &r->layer[LAYER_QUERY]);
		k = project(r, x, &r->layer[LAYER_KEY]);
		v = project(r, x, &r->layer[LAYER_VALUE]);
		for (i = 0; i < 3; i++) {
			if (r->layer[i].linear)
				code(r, ST_QUERIES + i, "%s = %s(inputs)", names[i], layer_var[i]);
			else
				code(r, ST_QUERIES + i, "%s = inputs @ %s", names[i], layer_var[i]);
		}
	}
	lap("projections");
	r->st[ST_QUERIES] = q;
	r->st[ST_KEYS] = k;
	r->st[ST_VALUES] = v;
	drop(r, keep, ST_INPUTS);
	if (r->H > 1) {
		static const char *const names[3] = { "queries", "keys", "values" };

		for (i = 0; i < 3; i++) {
			r->st[ST_QUERIES_HEADS + i] = split_heads(r, r->st[ST_QUERIES + i]);
			drop(r, keep, ST_QUERIES + i);
			code(r, ST_QUERIES_HEADS + i, "%s_heads = %s.view(%s%d, %d, %d).transpose(%s)",
			    names[i], names[i], lead(r, ld, sizeof ld), r->T, r->H, r->hd,
			    r->batched ? "1, 2" : "0, 1");
		}
		q = r->st[ST_QUERIES_HEADS];
		k = r->st[ST_KEYS_HEADS];
		v = r->st[ST_VALUES_HEADS];
	} else {
		for (i = 0; i < 3; i++)
			snprintf(r->why[ST_QUERIES_HEADS + i], sizeof r->why[0], "not computed: heads is 1");
	}

	lap("heads");
	/* scores, mask, scale, softmax */
	s = attn_scores(r, q, k);
	r->st[ST_ATTN_SCORES] = s;
	drop(r, keep, r->H > 1 ? ST_QUERIES_HEADS : ST_QUERIES);
	drop(r, keep, r->H > 1 ? ST_KEYS_HEADS : ST_KEYS);
	if (r->H > 1)
		code(r, ST_ATTN_SCORES, "attn_scores = queries_heads @ keys_heads.transpose(2, 3)");
	else if (r->batched)
		code(r, ST_ATTN_SCORES, "attn_scores = queries @ keys.transpose(1, 2)");
	else
		code(r, ST_ATTN_SCORES, "attn_scores = queries @ keys.T");
	lap("scores");
	r->scaled = 1;
	if (in->has_scale) {
		r->scale_used = (float)in->scale;
		r->scale_divides = 0;
	} else if (trainable) {
		r->scale_used = (float)sqrt((double)r->hd);
		r->scale_divides = 1;
	} else {
		r->scaled = 0;
	}
	/*
	 * The second route to causal weights first: it reads the scores, which
	 * the masked scores may then overwrite when the run does not keep them
	 * (independent stages: their order changes no number).
	 */
	if (in->causal) {
		struct tensor *uw, *ms, *mn;
		struct rows_job j = { .r = r, .n = r->T, .tril = 1 };
		size_t n = s->numel / (size_t)r->T;

		if (r->scaled) {	/* softmax(scale_scores(s)), without keeping the scaled copy */
			uw = tensor_new_uninit(s->ndim, s->shape);
			tensor_softmax_rows_scaled(uw->data, s->data, n, r->T, r->scale_used, r->scale_divides);
			set_grad(uw, has_grad(s), "SoftmaxBackward0");
		} else {
			uw = softmax(s, tensor_new_uninit(s->ndim, s->shape));
		}
		r->st[ST_UNMASKED_WEIGHTS] = uw;
		r->st[ST_MASK_SIMPLE] = tri(r->T, 0);
		ms = into(r, keep, ST_UNMASKED_WEIGHTS);
		j.a = uw->data;
		j.b = r->st[ST_MASK_SIMPLE]->data;
		j.y = ms->data;
		rows(mul_rows, &j, n);
		set_grad(ms, has_grad(uw), "MulBackward0");
		r->st[ST_MASKED_SIMPLE] = ms;
		drop(r, keep, ST_MASK_SIMPLE);
		mn = into(r, keep, ST_MASKED_SIMPLE);
		j.a = ms->data;
		j.y = mn->data;
		rows(renorm_rows, &j, n);
		set_grad(mn, has_grad(ms), "DivBackward0");
		r->st[ST_MASKED_SIMPLE_NORM] = mn;
		drop(r, keep, ST_MASKED_SIMPLE_NORM);
		if (!r->scaled)
			code(r, ST_UNMASKED_WEIGHTS, "unmasked_weights = torch.softmax(attn_scores, dim=-1)");
		else if (r->scale_divides)
			code(r, ST_UNMASKED_WEIGHTS, "unmasked_weights = torch.softmax(attn_scores / keys.shape[-1]**0.5, dim=-1)");
		else
			code(r, ST_UNMASKED_WEIGHTS, "unmasked_weights = torch.softmax(attn_scores * %.9g, dim=-1)", in->scale);
		code(r, ST_MASK_SIMPLE, "mask_simple = torch.tril(torch.ones(%d, %d))", r->T, r->T);
		code(r, ST_MASKED_SIMPLE, "masked_simple = unmasked_weights * mask_simple");
		code(r, ST_MASKED_SIMPLE_NORM, "masked_simple_norm = masked_simple / masked_simple.sum(dim=-1, keepdim=True)");
	} else {
		for (i = ST_UNMASKED_WEIGHTS; i <= ST_MASKED_SIMPLE_NORM; i++)
			snprintf(r->why[i], sizeof r->why[0], "not computed: causal is false");
	}
	lap("route2");

	/* mask, scale, softmax: each may overwrite the stage before it */
	src = ST_ATTN_SCORES;
	scores_var = "attn_scores";
	if (in->causal) {
		struct tensor *m = tri(r->T, 1), *ms;
		struct rows_job j = { .r = r, .a = s->data, .n = r->T };

		ms = into(r, keep, ST_ATTN_SCORES);
		j.y = ms->data;

		rows(mask_rows, &j, s->numel / (size_t)r->T);
		set_grad(ms, has_grad(s), "MaskedFillBackward0");
		r->st[ST_MASK] = m;
		r->st[ST_MASKED_SCORES] = ms;
		drop(r, keep, ST_MASK);
		code(r, ST_MASK, "mask = torch.triu(torch.ones(%d, %d), diagonal=1)", r->T, r->T);
		code(r, ST_MASKED_SCORES, "masked_scores = attn_scores.masked_fill(mask.bool(), -torch.inf)");
		src = ST_MASKED_SCORES;
		scores_var = "masked_scores";
	} else {
		snprintf(r->why[ST_MASK], sizeof r->why[0], "not computed: causal is false");
		snprintf(r->why[ST_MASKED_SCORES], sizeof r->why[0], "not computed: causal is false");
	}
	lap("mask");
	{
		struct tensor *x0 = r->st[src], *y;
		struct rows_job j = { .r = r, .a = x0->data, .n = r->T, .f = r->scale_used, .divides = r->scale_divides };

		y = into(r, keep, src);
		j.y = y->data;
		if (r->scaled) {
			rows(scale_rows, &j, y->numel / (size_t)r->T);
			set_grad(y, has_grad(x0), r->scale_divides ? "DivBackward0" : "MulBackward0");
		} else if (y != x0) {	/* simple mode: the scores themselves */
			memcpy(y->data, x0->data, y->numel * sizeof *y->data);
			y->grad_fn = x0->grad_fn;
			y->requires_grad = x0->requires_grad;
		}
		r->st[ST_SCALED_SCORES] = y;
	}
	if (!r->scaled)
		code(r, ST_SCALED_SCORES, "scaled_scores = %s  # simple mode: no scaling", scores_var);
	else if (r->scale_divides)
		code(r, ST_SCALED_SCORES, "scaled_scores = %s / keys.shape[-1]**0.5  # sqrt(%d)", scores_var, r->hd);
	else
		code(r, ST_SCALED_SCORES, "scaled_scores = %s * %.9g", scores_var, in->scale);
	lap("scale");
	w = r->st[ST_SCALED_SCORES];
	w = softmax(w, into(r, keep, ST_SCALED_SCORES));
	r->st[ST_ATTN_WEIGHTS] = w;
	code(r, ST_ATTN_WEIGHTS, "attn_weights = torch.softmax(scaled_scores, dim=-1)");
	lap("softmax");
	/* dropout, training mode */
	if (in->dropout > 0) {
		struct tensor *m = tensor_new_uninit(w->ndim, w->shape), *dw;
		struct rows_job j = { .r = r, .a = w->data, .b = m->data, .n = r->T };

		dw = into(r, keep, ST_ATTN_WEIGHTS);
		j.y = dw->data;

		if (in->has_dropout_seed)
			rng_seed(&g, in->dropout_seed);
		rng_dropout_mask(&g, m->data, m->numel, in->dropout, in->dropout_mkl);
		set_grad(m, 0, NULL);
		rows(mul_rows, &j, w->numel / (size_t)r->T);
		set_grad(dw, has_grad(w), "MulBackward0");
		r->st[ST_DROPOUT_MASK] = m;
		r->st[ST_DROPPED_WEIGHTS] = dw;
		if (in->has_dropout_seed)
			code(r, ST_DROPOUT_MASK, "torch.manual_seed(%llu); dropout_mask = nn.Dropout(%.9g)(torch.ones_like(attn_weights))",
			    (unsigned long long)in->dropout_seed, in->dropout);
		else
			code(r, ST_DROPOUT_MASK, "dropout_mask = nn.Dropout(%.9g)(torch.ones_like(attn_weights))", in->dropout);
		code(r, ST_DROPPED_WEIGHTS, "dropped_weights = attn_weights * dropout_mask  # = nn.Dropout(%.9g)(attn_weights)", in->dropout);
		drop(r, keep, ST_DROPOUT_MASK);
		w = dw;
	} else {
		snprintf(r->why[ST_DROPOUT_MASK], sizeof r->why[0], "not computed: dropout is 0");
		snprintf(r->why[ST_DROPPED_WEIGHTS], sizeof r->why[0], "not computed: dropout is 0");
	}

	lap("dropout");
	/* context vectors, merge, output projection */
	r->st[ST_CONTEXT_VECS] = context(r, w, v);
	code(r, ST_CONTEXT_VECS, "context_vecs = %s @ %s", in->dropout > 0 ? "dropped_weights" : "attn_weights",
	    r->H > 1 ? "values_heads" : "values");
	drop(r, keep, ST_ATTN_WEIGHTS);
	drop(r, keep, ST_DROPPED_WEIGHTS);
	drop(r, keep, r->H > 1 ? ST_VALUES_HEADS : ST_VALUES);
	lap("context");
	x = r->st[ST_CONTEXT_VECS];
	if (r->H > 1) {
		struct tensor *m = new_lead(r, 2, r->T, r->d_out, 0);
		struct rows_job j = { .r = r, .a = x->data, .y = m->data, .n = r->hd, .merge = 1 };

		rows(split_rows, &j, x->numel / (size_t)r->hd);
		set_grad(m, has_grad(x), "ViewBackward0");
		r->st[ST_MERGED] = m;
		code(r, ST_MERGED, "merged = context_vecs.transpose(%s).contiguous().view(%s%d, %d)",
		    r->batched ? "1, 2" : "0, 1", lead(r, ld2, sizeof ld2), r->T, r->d_out);
		drop(r, keep, ST_CONTEXT_VECS);
		x = m;
	} else {
		snprintf(r->why[ST_MERGED], sizeof r->why[0], "not computed: heads is 1");
	}
	lap("merge");
	if (r->layer[LAYER_OUT].present) {
		r->st[ST_OUTPUT] = project(r, x, &r->layer[LAYER_OUT]);
		code(r, ST_OUTPUT, r->layer[LAYER_OUT].linear ? "output = out_proj(%s)" : "output = %s @ out_proj",
		    r->H > 1 ? "merged" : "context_vecs");
	} else {
		snprintf(r->why[ST_OUTPUT], sizeof r->why[0], "not computed: no output projection (out_proj)");
	}
	drop(r, keep, ST_MERGED);
	drop(r, keep, ST_CONTEXT_VECS);
	drop(r, keep, ST_OUTPUT);
	lap("output");
	r->rng_end = g, r->stacked = in->stacked;	/* the REPL's generator goes on from here */
	for (i = 0; i < ST_COUNT; i++)
		if (r->st[i] != NULL)
			r->why[i][0] = '\0';
	tensor_arena_use(NULL);
	tensor_recycle(0);
	tensor_threads(0);
	lap("settle");
	return 0;
}

void
stage_free(struct run *r)
{
	int i;

	for (i = 0; i < ST_COUNT; i++) {
		tensor_free(r->st[i]);
		free(r->code[i]);
	}
	for (i = 0; i < NLAYER; i++) {
		tensor_free(r->layer[i].w);
		tensor_free(r->layer[i].b);
	}
	free(r->setup);
	tensor_arena_free(r->arena);
	memset(r, 0, sizeof *r);
}

char *
stage_shape_desc(char *buf, size_t len, const struct run *r, int id)
{
	const struct tensor *t = r->st[id];
	char dims[64], sym[64];
	const char *last;

	switch (id) {
	case ST_INPUTS: last = "T, d_in"; break;
	case ST_QUERIES: case ST_KEYS: case ST_VALUES: case ST_MERGED: case ST_OUTPUT:
		last = "T, d_out"; break;
	case ST_QUERIES_HEADS: case ST_KEYS_HEADS: case ST_VALUES_HEADS:
		last = "H, T, head_dim"; break;
	case ST_MASK: case ST_MASK_SIMPLE: last = "T, T"; break;
	case ST_CONTEXT_VECS: last = r->H > 1 ? "H, T, head_dim" : "T, d_out"; break;
	default: last = r->H > 1 ? "H, T, T" : "T, T"; break;
	}
	if (id == ST_MASK || id == ST_MASK_SIMPLE || !r->batched)
		snprintf(sym, sizeof sym, "(%s)", last);
	else
		snprintf(sym, sizeof sym, "(B, %s)", last);
	snprintf(buf, len, "%s = %s", sym, tensor_shape_str(dims, sizeof dims, t));
	return buf;
}
