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

#include "../util/util.h"
#include "../kernels/kernels.h"
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


int
stage_lookup(const char *name)
{
	int i;

	for (i = 0; i < ST_COUNT; i++)
		if (strcmp(name, stage_defs[i].name) == 0)
			return i;
	return -1;
}

const char *
stage_what(const struct run *r, int id)
{
	if (id != ST_SCALED_SCORES || (r->scaled && r->scale_divides && r->hd > 1))
		return stage_defs[id].what;
	if (!r->scaled || r->scale_used == 1 || (r->scale_divides && r->hd == 1))
		return "the scores as they are: this run does not scale them";
	return r->scale_used < 1 ? "scores multiplied by scale: softmax gets flatter" :
	    "scores multiplied by scale: softmax gets sharper";
}

const char *const *
stage_names(void)
{
	static const char *names[ST_COUNT + 1];
	int i;

	for (i = 0; i < ST_COUNT; i++)
		names[i] = stage_defs[i].name;
	return names;
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
	int hide;		/* mask_rows_as: which scores a mask hides (HIDE_*) ... */
	float fill;		/* ... and what it puts there */
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

/* The scores a causal mask hides in row t: the future (as it should), or a mistake's. */
enum { HIDE_FUTURE, HIDE_FUTURE_AND_SELF, HIDE_PAST, HIDE_PAST_AND_SELF };

/* y = a.masked_fill(hidden, fill): mask_rows with a mistaken mask or fill (check mode) */
static void
mask_rows_as(void *arg, size_t lo, size_t hi)
{
	const struct rows_job *j = arg;
	size_t i;
	int c, t, n = j->n;

	for (i = lo; i < hi; i++) {
		const float *a = j->a + i * n;
		float *y = j->y + i * n;

		t = (int)(i % (size_t)n);
		for (c = 0; c < n; c++) {
			int hidden = j->hide == HIDE_PAST ? c < t : j->hide == HIDE_PAST_AND_SELF ? c <= t :
			    j->hide == HIDE_FUTURE_AND_SELF ? c >= t : c > t;

			y[c] = hidden ? j->fill : a[c];
		}
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

static const char *matmul_name(const struct tensor *t);

/*
 * weight-not-transposed: inputs @ W_query.weight (+ bias) for an nn.Linear
 * whose weight is square, i.e. x @ W with W (out, in) read as (in, out).
 * With stacked heads each head's layer has a (head_dim, d_in) weight: the
 * mistake needs head_dim == d_in, and each block of rows is used so.
 * x: (…, T, d_in) -> (…, T, d_out)
 */
static struct tensor *
project_untransposed(const struct run *r, const struct tensor *x, const struct layer *L, int width, int bias)
{
	int in = x->shape[x->ndim - 1], out = L->w->shape[0], n = (int)(x->numel / (size_t)in), h, t;
	struct tensor *y = new_lead(r, 2, r->T, out, 0);
	float *tmp = width == out ? y->data : xmalloc((size_t)n * width * sizeof *tmp);

	for (h = 0; h < out / width; h++) {
		/* the block's rows h*width.., (width, in) with width == in, used as (in, width) */
		tensor_linear(tmp, x->data, L->w->data + (size_t)h * width * in,
		    L->b && bias ? L->b->data + (size_t)h * width : NULL, n, width, in, 0);
		if (tmp != y->data)
			for (t = 0; t < n; t++)
				memcpy(y->data + (size_t)t * out + (size_t)h * width, tmp + (size_t)t * width,
				    (size_t)width * sizeof *tmp);
	}
	if (tmp != y->data)
		free(tmp);
	set_grad(y, 1, L->b && bias ? "AddBackward0" : matmul_name(y));
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

/*
 * softmax-wrong-dim: y = torch.softmax(x, dim=axis) for an axis before
 * the last (the query axis: every column sums to 1).  Each line along
 * the axis goes through the rows' kernel (PyTorch's kernel for an inner
 * dim sums in another order: the last bits may differ, never a printed
 * digit).  y may be x.
 */
static void
softmax_axis(struct tensor *y, const struct tensor *x, int axis)
{
	size_t outer = 1, inner = 1, o, i, k, n = (size_t)x->shape[axis], line;
	float *a = xmalloc(2 * x->numel * sizeof *a), *b = a + x->numel;
	int d;

	for (d = 0; d < axis; d++)
		outer *= (size_t)x->shape[d];
	for (d = axis + 1; d < x->ndim; d++)
		inner *= (size_t)x->shape[d];
	for (o = 0, line = 0; o < outer; o++)	/* the lines along the axis, side by side as rows */
		for (i = 0; i < inner; i++, line++)
			for (k = 0; k < n; k++)
				a[line * n + k] = x->data[(o * n + k) * inner + i];
	tensor_softmax_rows(b, a, outer * inner, (int)n);
	for (o = 0, line = 0; o < outer; o++)
		for (i = 0; i < inner; i++, line++)
			for (k = 0; k < n; k++)
				y->data[(o * n + k) * inner + i] = b[line * n + k];
	free(a);
}

/* torch.triu(torch.ones(T, T), diagonal=k) when upper, else torch.tril(torch.ones(T, T), diagonal=k) */
static struct tensor *
tri(int T, int upper, int k)
{
	struct tensor *m = tensor_new2(T, T);
	int i, j;

	for (i = 0; i < T; i++)
		for (j = 0; j < T; j++)
			m->data[(size_t)i * T + j] = upper ? (j - i >= k) : (j - i <= k);
	return m;
}

/* ---- a run in progress ---- */

/* What the steps share while a run computes. */
struct pass {
	struct run *r;
	const struct input *in;
	unsigned keep;		/* STAGE_BIT(id) of the stages the caller keeps */
	struct rng g;		/* the generator, seeded once, as torch.manual_seed(seed) */
	const struct variant *v;	/* check mode's mistakes, or NULL */
};

/* Does this run make mistake mk (check mode)? */
static int
has(const struct pass *p, int mk)
{
	return p->v != NULL && (p->v->set >> mk & 1u);
}

static int
reading(const struct pass *p, int mk)
{
	return p->v->reading[mk];
}

/* ---- the memory plan: what the steps ask of it ---- */

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
done(struct pass *p, int id)
{
	if (p->r->st[id] != NULL && !(p->keep & STAGE_BIT(id)))
		tensor_free(unkeep(p->r, id));
}

/*
 * Where a stage computed element by element from stage `id` goes: into
 * id's own memory when the run does not keep id (this is its last use),
 * so that a run keeping little needs few big blocks; else a new tensor.
 */
static struct tensor *
into(struct pass *p, int id)
{
	struct tensor *t = p->r->st[id];

	return p->keep & STAGE_BIT(id) ? tensor_new_uninit(t->ndim, t->shape) : unkeep(p->r, id);
}

/* A stage this input does not compute, and why (for --print). */
static void
skip(struct run *r, int id, const char *why)
{
	snprintf(r->why[id], sizeof r->why[id], "not computed: %s", why);
}

/* bytes of an n-float tensor in an arena (64-byte aligned) */
static size_t
arena_bytes(double n)
{
	return ((size_t)n * sizeof(float) + 63) / 64 * 64;
}

/*
 * The stages this input computes (a set of STAGE_BIT(id)), and the floats
 * of each in floats[id]: what the steps below allocate, stage by stage.
 * The bench reports any byte of an arena that did not fit
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

/* The floats of each weight and bias the run makes (drawn, or copied from the input); how many. */
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

/*
 * The sizes, checked against the limit before anything is allocated, and
 * the memory for them: one arena for everything when nothing is freed
 * early; else one for the weights only (kept by every run, too small for
 * huge pages each), and the stages recycled.  0, or -1 with err.
 */
static int
plan_memory(struct pass *p, char *err, size_t errlen)
{
	struct run *r = p->r;
	double floats[ST_COUNT], wfloats[2 * NLAYER], biggest = 0, total = 0;
	unsigned computed = plan(r, p->in, floats);
	int nweights = plan_weights(r, p->in, wfloats), i, whole;
	size_t wbytes = 0;

	for (i = 0; i < ST_COUNT; i++) {
		total += floats[i];
		biggest = floats[i] > biggest ? floats[i] : biggest;
	}
	for (i = 0; i < nweights; i++)
		total += wfloats[i];
	if (total > (double)stage_max_floats) {
		snprintf(err, errlen, "inputs: these sizes need %.0f floats for all stages "
		    "(attn_scores alone holds %.0f); the limit is %zu (%zu GiB)", total,
		    floats[ST_ATTN_SCORES], stage_max_floats, stage_max_floats * 4 >> 30);
		return -1;
	}
	for (i = 0, r->all_bytes = 0; i < ST_COUNT; i++)
		r->all_bytes += arena_bytes(floats[i]);
	for (i = 0; i < nweights; i++)
		wbytes += arena_bytes(wfloats[i]);
	r->all_bytes += wbytes;
	if (r->all_bytes >= ((size_t)1 << 20))	/* a worker thread pays off */
		tensor_threads(1);
	whole = (p->keep & computed) == computed;
	r->arena_bytes = whole ? r->all_bytes : wbytes;
	r->arena = tensor_arena_new(r->arena_bytes);
	r->arena_whole = whole;
	tensor_arena_use(whole ? r->arena : NULL);
	tensor_recycle((size_t)biggest * sizeof(float));
	return 0;
}

/* The arena, the recycled blocks and the worker thread, given back. */
static void
settle(void)
{
	tensor_arena_use(NULL);
	tensor_recycle(0);
	tensor_threads(0);
}

/* ---- the steps, in the notebook's order ---- */

/* Copies of the explicit weights, print-ready: nn.Linear's are Parameters that require grad. */
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

/*
 * The weights drawn in PyTorch's order (input-format.md "Random weights"):
 * per layer in init_order; with head_layout "stacked" each head draws its
 * own three layers of width head_dim, head 0 first, placed side by side.
 */
static void
weights_from_rng(struct run *r, const struct input *in, struct rng *g)
{
	int d_in = r->d_in, d = r->d_out, hd = r->hd, H = in->stacked ? r->H : 1;
	int width = in->stacked ? hd : d;
	int o, h, l, i, j;
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
	for (h = 0; h < H; h++) {
		for (o = 0; o < 3; o++) {
			struct layer *L = &r->layer[in->init_order[o]];

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
	}
}

/*
 * inputs = torch.tensor(...) or torch.rand(...), then the weights, in
 * PyTorch's order of draws after torch.manual_seed(seed).
 * inputs: (…, T, d_in)   W: (d_in, d_out), or weight (d_out, d_in) for nn.Linear
 */
static void
step_draw(struct pass *p)
{
	struct run *r = p->r;
	const struct input *in = p->in;
	struct tensor *x;

	rng_seed(&p->g, in->seed);
	if (in->inputs != NULL) {
		x = tensor_copy(in->inputs);
	} else {
		x = tensor_new_uninit(in->rand_ndim, in->rand_dims);
		if (in->rand_kind == INIT_RAND)
			rng_rand(&p->g, x->data, x->numel);
		else
			rng_randn(&p->g, x->data, x->numel);
	}
	r->st[ST_INPUTS] = x;
	tensor_arena_use(r->arena);	/* every run keeps its weights */
	if (in->init != INIT_NONE)
		weights_from_rng(r, in, &p->g);
	else if (in->has_weights)
		weights_from_input(r, in);
	tensor_arena_use(r->arena_whole ? r->arena : NULL);
	r->rng_drawn = p->g;
}

/* project_untransposed() of layer l, from the variant's cache when it holds it (then borrowed). */
static struct tensor *
untransposed(struct pass *p, const struct tensor *x, const struct layer *L, int l, int bias)
{
	struct run *r = p->r;
	struct tensor **slot = p->v->proj_cache != NULL ? &p->v->proj_cache[2 * l + bias] : NULL;

	if (slot != NULL && *slot == NULL)
		*slot = project_untransposed(r, x, L, p->in->stacked ? r->hd : r->d_out, bias);
	if (slot == NULL)
		return project_untransposed(r, x, L, p->in->stacked ? r->hd : r->d_out, bias);
	r->borrowed |= STAGE_BIT(ST_QUERIES + l);
	return *slot;
}

/*
 * queries = inputs @ W_query, or W_query(inputs); keys and values alike.
 * Simple mode: queries = keys = values = inputs.
 * inputs: (…, T, d_in)   queries, keys, values: (…, T, d_out)
 */
static void
step_project(struct pass *p)
{
	struct run *r = p->r;
	const struct tensor *x = r->st[ST_INPUTS];
	int i;

	for (i = 0; i < 3; i++) {
		const struct layer *L = &r->layer[LAYER_QUERY + i];

		if (r->simple)
			r->st[ST_QUERIES + i] = tensor_copy(x);
		else if (has(p, MK_WEIGHT_NOT_TRANSPOSED) && L->linear && (p->in->stacked ? r->hd : r->d_out) == r->d_in &&
		    (reading(p, MK_WEIGHT_NOT_TRANSPOSED) % WNT_BIAS == WNT_ALL ||
		    reading(p, MK_WEIGHT_NOT_TRANSPOSED) % WNT_BIAS == WNT_QUERY + i))
			r->st[ST_QUERIES + i] = untransposed(p, x, L, i, reading(p, MK_WEIGHT_NOT_TRANSPOSED) >= WNT_BIAS);
		else
			r->st[ST_QUERIES + i] = project(r, x, L);
	}
	done(p, ST_INPUTS);
}

/*
 * queries_heads = queries.view(…, T, H, head_dim).transpose(-3, -2), keys and values alike.
 * queries: (…, T, d_out)   queries_heads: (…, H, T, head_dim)
 */
static void
step_split_heads(struct pass *p)
{
	struct run *r = p->r;
	int i;

	for (i = 0; i < 3; i++) {
		if (r->H == 1) {
			skip(r, ST_QUERIES_HEADS + i, "heads is 1");
			continue;
		}
		if (has(p, MK_HEADS_NOT_TRANSPOSED) && reading(p, MK_HEADS_NOT_TRANSPOSED) != HNT_MERGE) {
			/* queries.view(…, H, T, head_dim): the same memory read as heads */
			const struct tensor *x = r->st[ST_QUERIES + i];
			struct tensor *y = new_lead(r, 3, r->H, r->T, r->hd);

			memcpy(y->data, x->data, y->numel * sizeof *y->data);
			set_grad(y, has_grad(x), "ViewBackward0");
			r->st[ST_QUERIES_HEADS + i] = y;
		} else {
			r->st[ST_QUERIES_HEADS + i] = split_heads(r, r->st[ST_QUERIES + i]);
		}
		done(p, ST_QUERIES + i);
	}
}

/* The queries, keys or values the attention works on: per head when there are heads. */
static int
per_head(const struct run *r, int id)
{
	return r->H > 1 ? id - ST_QUERIES + ST_QUERIES_HEADS : id;
}

/*
 * attn_scores = queries @ keys.transpose(-2, -1), per batch and head.
 * queries, keys: (…, [H,] T, head_dim)   attn_scores: (…, [H,] T, T)
 */
static void
step_scores(struct pass *p)
{
	struct run *r = p->r;
	const struct tensor *q = r->st[per_head(r, ST_QUERIES)], *k = r->st[per_head(r, ST_KEYS)], *t;

	if (has(p, MK_QK_SWAPPED)) {		/* keys @ queries.T */
		t = q;
		q = k;
		k = t;
	}
	if (has(p, MK_QUERIES_ARE_KEYS)) {	/* keys @ keys.T, or queries @ queries.T */
		if (reading(p, MK_QUERIES_ARE_KEYS) == QAK_KEYS)
			q = k;
		else
			k = q;
	}
	r->st[ST_ATTN_SCORES] = attn_scores(r, q, k);
	if (has(p, MK_DROPOUT_BEFORE_SOFTMAX) && p->in->dropout > 0) {
		/* attn_scores = dropout(attn_scores): the mask nn.Dropout draws here is the one it would draw later */
		struct tensor *s = r->st[ST_ATTN_SCORES];

		tensor_mul(s->data, s->data, p->v->drop_mask, s->numel);
		set_grad(s, has_grad(s), "MulBackward0");
	}
	done(p, per_head(r, ST_QUERIES));
	done(p, per_head(r, ST_KEYS));
	r->scaled = 1;
	if (p->in->has_scale) {
		r->scale_used = (float)p->in->scale;
		r->scale_divides = 0;
	} else if (!r->simple) {
		r->scale_used = (float)sqrt((double)r->hd);
		r->scale_divides = 1;
	} else {
		r->scaled = 0;
	}
}

/*
 * The other route to causal weights: softmax first, then zero the future
 * and renormalise each row.  It runs before the mask so that the masked
 * scores may then overwrite the scores when the run does not keep them
 * (independent stages: their order changes no number).
 * unmasked_weights = torch.softmax(scaled attn_scores, dim=-1)
 * mask_simple = torch.tril(torch.ones(T, T))
 * masked_simple = unmasked_weights * mask_simple
 * masked_simple_norm = masked_simple / masked_simple.sum(dim=-1, keepdim=True)
 * all (…, [H,] T, T) but the (T, T) mask
 */
static void
step_tril_route(struct pass *p)
{
	struct run *r = p->r;
	struct tensor *s = r->st[ST_ATTN_SCORES], *uw, *ms, *mn;
	struct rows_job j = { .r = r, .n = r->T, .tril = 1 };
	size_t n = s->numel / (size_t)r->T;
	int i;

	if (!p->in->causal) {
		for (i = ST_UNMASKED_WEIGHTS; i <= ST_MASKED_SIMPLE_NORM; i++)
			skip(r, i, "causal is false");
		return;
	}
	if (r->scaled) {	/* softmax of the scaled scores, without keeping the scaled copy */
		uw = tensor_new_uninit(s->ndim, s->shape);
		tensor_softmax_rows_scaled(uw->data, s->data, n, r->T, r->scale_used, r->scale_divides);
		set_grad(uw, has_grad(s), "SoftmaxBackward0");
	} else {
		uw = softmax(s, tensor_new_uninit(s->ndim, s->shape));
	}
	r->st[ST_UNMASKED_WEIGHTS] = uw;
	r->st[ST_MASK_SIMPLE] = tri(r->T, 0, 0);
	ms = into(p, ST_UNMASKED_WEIGHTS);
	j.a = uw->data;
	j.b = r->st[ST_MASK_SIMPLE]->data;
	j.y = ms->data;
	rows(mul_rows, &j, n);
	set_grad(ms, has_grad(uw), "MulBackward0");
	r->st[ST_MASKED_SIMPLE] = ms;
	done(p, ST_MASK_SIMPLE);
	mn = into(p, ST_MASKED_SIMPLE);
	j.a = ms->data;
	j.y = mn->data;
	rows(renorm_rows, &j, n);
	set_grad(mn, has_grad(ms), "DivBackward0");
	r->st[ST_MASKED_SIMPLE_NORM] = mn;
	done(p, ST_MASKED_SIMPLE_NORM);
}

/*
 * mask = torch.triu(torch.ones(T, T), diagonal=1)
 * masked_scores = attn_scores.masked_fill(mask.bool(), -torch.inf)
 * mask: (T, T)   masked_scores: (…, [H,] T, T)
 */
static void
step_mask(struct pass *p)
{
	struct run *r = p->r;
	struct tensor *s = r->st[ST_ATTN_SCORES], *ms;
	struct rows_job j = { .r = r, .a = s->data, .n = r->T };

	if (!p->in->causal) {
		skip(r, ST_MASK, "causal is false");
		skip(r, ST_MASKED_SCORES, "causal is false");
		return;
	}
	if (has(p, MK_MASK_AFTER_SOFTMAX) || has(p, MK_NO_MASK)) {	/* attn_weights * mask_simple, after softmax; none */
		skip(r, ST_MASK, has(p, MK_NO_MASK) ? "the mask is left out" : "the mask is applied after softmax");
		skip(r, ST_MASKED_SCORES, has(p, MK_NO_MASK) ? "the mask is left out" : "the mask is applied after softmax");
		return;
	}
	ms = into(p, ST_ATTN_SCORES);
	j.y = ms->data;
	if (has(p, MK_MASK_WITH_ZERO) || has(p, MK_MASK_DIAGONAL) || has(p, MK_MASK_INVERTED)) {
		j.hide = has(p, MK_MASK_DIAGONAL) ? HIDE_FUTURE_AND_SELF : !has(p, MK_MASK_INVERTED) ? HIDE_FUTURE :
		    reading(p, MK_MASK_INVERTED) == MI_PAST ? HIDE_PAST : HIDE_PAST_AND_SELF;
		j.fill = has(p, MK_MASK_WITH_ZERO) ? 0.0f : -INFINITY;
		rows(mask_rows_as, &j, s->numel / (size_t)r->T);
	} else {
		rows(mask_rows, &j, s->numel / (size_t)r->T);
	}
	set_grad(ms, has_grad(s), "MaskedFillBackward0");
	if (has(p, MK_MASK_DIAGONAL))		/* torch.triu(torch.ones(T, T), diagonal=0) */
		r->st[ST_MASK] = tri(r->T, 1, 0);
	else if (has(p, MK_MASK_INVERTED))	/* torch.tril(torch.ones(T, T), diagonal=-1), or diagonal=0 */
		r->st[ST_MASK] = tri(r->T, 0, reading(p, MK_MASK_INVERTED) == MI_PAST ? -1 : 0);
	else
		r->st[ST_MASK] = tri(r->T, 1, 1);
	r->st[ST_MASKED_SCORES] = ms;
	done(p, ST_MASK);
}

/*
 * scaled_scores = (masked) scores / sqrt(head_dim), or * scale, or the
 * scores themselves in simple mode.  (…, [H,] T, T)
 */
static void
step_scale(struct pass *p)
{
	struct run *r = p->r;
	int src = p->in->causal && !has(p, MK_MASK_AFTER_SOFTMAX) && !has(p, MK_NO_MASK) ? ST_MASKED_SCORES : ST_ATTN_SCORES;
	struct tensor *x = r->st[src], *y;
	struct rows_job j = { .r = r, .a = x->data, .n = r->T, .f = r->scale_used, .divides = r->scale_divides };
	int scaled = r->scaled;

	/* the scale-* mistakes, as their typical lines compute them (a Python float, rounded to float32) */
	if (has(p, MK_NO_SCALE)) {
		scaled = 0;
	} else if (has(p, MK_SCALE_BY_D)) {		/* / keys.shape[-1] */
		j.f = (float)r->hd;
		j.divides = 1;
	} else if (has(p, MK_SCALE_BY_D_IN)) {	/* * C**-0.5, C = d_in */
		j.f = (float)pow((double)r->d_in, -0.5);
		j.divides = 0;
	} else if (has(p, MK_SCALE_BY_D_OUT)) {	/* / self.d_out**0.5 */
		j.f = (float)sqrt((double)r->d_out);
		j.divides = 1;
	}
	y = into(p, src);
	j.y = y->data;
	if (scaled) {
		rows(scale_rows, &j, y->numel / (size_t)r->T);
		set_grad(y, has_grad(x), j.divides ? "DivBackward0" : "MulBackward0");
	} else if (y != x) {
		memcpy(y->data, x->data, y->numel * sizeof *y->data);
		y->grad_fn = x->grad_fn;
		y->requires_grad = x->requires_grad;
	}
	r->st[ST_SCALED_SCORES] = y;
}

/* attn_weights = torch.softmax(scaled_scores, dim=-1): each row sums to 1.  (…, [H,] T, T) */
static void
step_softmax(struct pass *p)
{
	struct run *r = p->r;
	struct tensor *x = r->st[ST_SCALED_SCORES], *y;
	struct rows_job j = { .r = r, .n = r->T };
	size_t nrows = x->numel / (size_t)r->T;

	if (p->v == NULL) {
		r->st[ST_ATTN_WEIGHTS] = softmax(x, into(p, ST_SCALED_SCORES));	/* may be x itself */
		return;
	}
	y = into(p, ST_SCALED_SCORES);
	j.a = x->data;
	j.y = y->data;
	if (has(p, MK_SOFTMAX_WRONG_DIM)) {	/* dim=-2; dim=1 of (B, H, T, T), the heads; dim=0 of (B, …), the batch */
		int rd = reading(p, MK_SOFTMAX_WRONG_DIM);

		softmax_axis(y, x, rd == SWD_QUERY ? x->ndim - 2 : rd == SWD_HEADS ? x->ndim - 3 : 0);
		set_grad(y, has_grad(x), "SoftmaxBackward0");
	} else if (has(p, MK_NORMALISE_BY_SUM)) {	/* x / x.sum(dim=-1, keepdim=True) */
		rows(renorm_rows, &j, nrows);
		set_grad(y, has_grad(x), "DivBackward0");
	} else {
		softmax(x, y);
	}
	if (has(p, MK_MASK_AFTER_SOFTMAX) && p->in->causal) {	/* * torch.tril(torch.ones(T, T)) */
		struct tensor *m = tri(r->T, 0, 0);

		j.a = y->data;
		j.b = m->data;
		j.tril = 1;
		rows(mul_rows, &j, nrows);
		set_grad(y, has_grad(y), "MulBackward0");
		tensor_free(m);
	}
	r->st[ST_ATTN_WEIGHTS] = y;
}

/*
 * dropout_mask = what nn.Dropout(p) multiplies by: 0, or 1/(1-p)
 * dropped_weights = attn_weights * dropout_mask, in training mode
 * after torch.manual_seed(dropout_seed) when given.  (…, [H,] T, T)
 */
static void
step_dropout(struct pass *p)
{
	struct run *r = p->r;
	struct tensor *w = r->st[ST_ATTN_WEIGHTS], *m, *dw;
	struct rows_job j = { .r = r, .a = w->data, .n = r->T };

	if (!(p->in->dropout > 0)) {
		skip(r, ST_DROPOUT_MASK, "dropout is 0");
		skip(r, ST_DROPPED_WEIGHTS, "dropout is 0");
		return;
	}
	if (has(p, MK_DROPOUT_BEFORE_SOFTMAX)) {	/* the scores had it (step_scores): the mask, the weights as they are */
		m = tensor_new_uninit(w->ndim, w->shape);
		memcpy(m->data, p->v->drop_mask, m->numel * sizeof *m->data);
		set_grad(m, 0, NULL);
		r->st[ST_DROPOUT_MASK] = m;
		skip(r, ST_DROPPED_WEIGHTS, "dropout was applied to the scores");
		return;
	}
	m = tensor_new_uninit(w->ndim, w->shape);
	dw = into(p, ST_ATTN_WEIGHTS);
	j.b = m->data;
	j.y = dw->data;
	if (p->v != NULL) {
		/* a variant's masks were drawn by its caller; dropout-not-scaled keeps 0/1 */
		int rd = has(p, MK_DROPOUT_NOT_SCALED) ? reading(p, MK_DROPOUT_NOT_SCALED) : -1;
		const float *src = rd == DNS_RAND ? p->v->rand_mask : p->v->drop_mask;
		size_t i;

		for (i = 0; i < m->numel; i++)
			m->data[i] = rd == DNS_UNSCALED ? (float)(src[i] != 0) : src[i];
	} else {
		if (p->in->has_dropout_seed)
			rng_seed(&p->g, p->in->dropout_seed);
		rng_dropout_mask(&p->g, m->data, m->numel, p->in->dropout, p->in->dropout_mkl);
	}
	set_grad(m, 0, NULL);
	rows(mul_rows, &j, w->numel / (size_t)r->T);
	set_grad(dw, has_grad(w), "MulBackward0");
	r->st[ST_DROPOUT_MASK] = m;
	r->st[ST_DROPPED_WEIGHTS] = dw;
	done(p, ST_DROPOUT_MASK);
}

/*
 * context_vecs = (dropped) weights @ values, per batch and head.
 * weights: (…, [H,] T, T)   values: (…, [H,] T, head_dim)   context_vecs: (…, [H,] T, head_dim)
 */
static void
step_context(struct pass *p)
{
	struct run *r = p->r;
	int w = p->in->dropout > 0 && !has(p, MK_DROPOUT_BEFORE_SOFTMAX) ? ST_DROPPED_WEIGHTS : ST_ATTN_WEIGHTS;

	r->st[ST_CONTEXT_VECS] = context(r, r->st[w], r->st[per_head(r, ST_VALUES)]);
	done(p, ST_ATTN_WEIGHTS);
	done(p, ST_DROPPED_WEIGHTS);
	done(p, per_head(r, ST_VALUES));
}

/*
 * merged = context_vecs.transpose(-3, -2).contiguous().view(…, T, d_out)
 * context_vecs: (…, H, T, head_dim)   merged: (…, T, d_out)
 */
static void
step_merge(struct pass *p)
{
	struct run *r = p->r;
	struct tensor *x = r->st[ST_CONTEXT_VECS], *m;
	struct rows_job j = { .r = r, .a = x->data, .n = r->hd, .merge = 1 };

	if (r->H == 1) {
		skip(r, ST_MERGED, "heads is 1");
		return;
	}
	m = new_lead(r, 2, r->T, r->d_out, 0);
	j.y = m->data;
	if (has(p, MK_HEADS_NOT_TRANSPOSED) && reading(p, MK_HEADS_NOT_TRANSPOSED) != HNT_SPLIT)
		memcpy(m->data, x->data, m->numel * sizeof *m->data);	/* context_vecs.contiguous().view(…, T, d_out) */
	else
		rows(split_rows, &j, x->numel / (size_t)r->hd);
	/* the wrapper layout (stacked heads) joins its heads with torch.cat, the split layout with a view */
	set_grad(m, has_grad(x), p->in->stacked ? "CatBackward0" : "ViewBackward0");
	r->st[ST_MERGED] = m;
	done(p, ST_CONTEXT_VECS);
}

/*
 * A variant's output projection of the rows check compares only: token
 * t's row of every batch when want[t]; the other rows are 0.  (The
 * product of a row does not depend on the other rows: the same floats.)
 * (…, T, d_out) -> (…, T, d_out)
 */
static struct tensor *
project_rows(const struct run *r, const struct tensor *x, const struct layer *L, const unsigned char *want)
{
	int in = x->shape[x->ndim - 1], out = L->linear ? L->w->shape[0] : L->w->shape[1];
	size_t n = x->numel / (size_t)in, i, m = 0;
	struct tensor *y = new_lead(r, 2, r->T, out, 0);
	float *a = xmalloc(n * (size_t)in * sizeof *a), *c = xmalloc(n * (size_t)out * sizeof *c);

	memset(y->data, 0, y->numel * sizeof *y->data);
	for (i = 0; i < n; i++)
		if (want[i % (size_t)r->T])
			memcpy(a + m++ * (size_t)in, x->data + i * (size_t)in, (size_t)in * sizeof *a);
	tensor_linear(c, a, L->w->data, L->b ? L->b->data : NULL, (int)m, out, in, L->linear);
	for (i = 0, m = 0; i < n; i++)
		if (want[i % (size_t)r->T])
			memcpy(y->data + i * (size_t)out, c + m++ * (size_t)out, (size_t)out * sizeof *c);
	free(a);
	free(c);
	set_grad(y, 1, L->b ? "ViewBackward0" : "UnsafeViewBackward0");
	return y;
}

/*
 * output = out_proj(merged), or merged @ out_proj (context_vecs with one head).
 * (…, T, d_out) -> (…, T, d_out)
 */
static void
step_output(struct pass *p)
{
	struct run *r = p->r;
	int x = r->H > 1 ? ST_MERGED : ST_CONTEXT_VECS;

	if (!r->layer[LAYER_OUT].present) {
		skip(r, ST_OUTPUT, "no output projection (out_proj)");
	} else if (has(p, MK_NO_OUT_PROJ)) {	/* return context_vec, before self.out_proj */
		r->st[ST_OUTPUT] = tensor_copy(r->st[x]);
	} else if (p->v != NULL && p->v->rows != NULL) {
		r->st[ST_OUTPUT] = project_rows(r, r->st[x], &r->layer[LAYER_OUT], p->v->rows);
	} else {
		r->st[ST_OUTPUT] = project(r, r->st[x], &r->layer[LAYER_OUT]);
	}
	done(p, ST_MERGED);
	done(p, ST_CONTEXT_VECS);
	done(p, ST_OUTPUT);
}

#define B2(a, b) (STAGE_BIT(a) | STAGE_BIT(b))
#define ROUTE2 (B2(ST_UNMASKED_WEIGHTS, ST_MASK_SIMPLE) | B2(ST_MASKED_SIMPLE, ST_MASKED_SIMPLE_NORM))

/*
 * The steps of self-attention, as the notebook's cells take them; the
 * name times each (make bench); makes: the stages each computes.
 */
enum { S_DRAW, S_PROJECT, S_HEADS, S_SCORES, S_ROUTE2, S_MASK, S_SCALE, S_SOFTMAX, S_DROPOUT,
	S_CONTEXT, S_MERGE, S_OUTPUT, NSTEPS };
static const struct step {
	const char *name;
	void (*fn)(struct pass *);
	unsigned makes;
} steps[NSTEPS] = {
	[S_DRAW] = { "draws", step_draw, STAGE_BIT(ST_INPUTS) },
	[S_PROJECT] = { "projections", step_project, B2(ST_QUERIES, ST_KEYS) | STAGE_BIT(ST_VALUES) },
	[S_HEADS] = { "heads", step_split_heads, B2(ST_QUERIES_HEADS, ST_KEYS_HEADS) | STAGE_BIT(ST_VALUES_HEADS) },
	[S_SCORES] = { "scores", step_scores, STAGE_BIT(ST_ATTN_SCORES) },
	[S_ROUTE2] = { "route2", step_tril_route, ROUTE2 },
	[S_MASK] = { "mask", step_mask, B2(ST_MASK, ST_MASKED_SCORES) },
	[S_SCALE] = { "scale", step_scale, STAGE_BIT(ST_SCALED_SCORES) },
	[S_SOFTMAX] = { "softmax", step_softmax, STAGE_BIT(ST_ATTN_WEIGHTS) },
	[S_DROPOUT] = { "dropout", step_dropout, B2(ST_DROPOUT_MASK, ST_DROPPED_WEIGHTS) },
	[S_CONTEXT] = { "context", step_context, STAGE_BIT(ST_CONTEXT_VECS) },
	[S_MERGE] = { "merge", step_merge, STAGE_BIT(ST_MERGED) },
	[S_OUTPUT] = { "output", step_output, STAGE_BIT(ST_OUTPUT) },
};

/* ---- check mode: runs with mistakes ---- */

/* The first step mistake mk (in its reading rd) does differently. */
static int
mistake_step(int mk, int rd)
{
	switch (mk) {
	case MK_WEIGHT_NOT_TRANSPOSED: return S_PROJECT;
	case MK_HEADS_NOT_TRANSPOSED: return rd == HNT_MERGE ? S_MERGE : S_HEADS;
	case MK_QK_SWAPPED: case MK_QUERIES_ARE_KEYS: case MK_DROPOUT_BEFORE_SOFTMAX: return S_SCORES;
	case MK_NO_MASK: case MK_MASK_AFTER_SOFTMAX: case MK_MASK_WITH_ZERO: case MK_MASK_DIAGONAL: case MK_MASK_INVERTED: return S_MASK;
	case MK_NO_SCALE: case MK_SCALE_BY_D: case MK_SCALE_BY_D_IN: case MK_SCALE_BY_D_OUT: return S_SCALE;
	case MK_SOFTMAX_WRONG_DIM: case MK_NORMALISE_BY_SUM: return S_SOFTMAX;
	case MK_DROPOUT_NOT_SCALED: return S_DROPOUT;
	default: return S_OUTPUT;	/* MK_NO_OUT_PROJ */
	}
}

/* The first step where v differs from the run base was computed with (NSTEPS: none). */
static int
variant_from(const struct run *base, const struct variant *v)
{
	int mk, from = NSTEPS;

	for (mk = 0; mk < MK_COUNT; mk++)
		if ((v->set >> mk & 1u) && !(base->variant.set >> mk & 1u) && mistake_step(mk, v->reading[mk]) < from)
			from = mistake_step(mk, v->reading[mk]);
	return from;
}

unsigned
stage_variant_changes(const struct run *base, const struct variant *v)
{
	unsigned set = 0;
	int i;

	for (i = variant_from(base, v); i < NSTEPS; i++)
		set |= steps[i].makes;
	return set & ~ROUTE2;
}

int
stage_run_variant(struct run *r, const struct run *base, const struct input *in,
    const struct variant *v, unsigned need)
{
	struct pass p = { .r = r, .in = in, .keep = STAGE_KEEP_ALL, .v = v };
	int from = variant_from(base, v), last = -1, i, id;

	*r = *base;
	r->variant = *v;
	r->borrowed = 0;
	r->layers_borrowed = 1;
	r->arena = NULL;
	r->arena_whole = 0;
	r->setup = r->code_alone = NULL;
	p.g = base->rng_drawn;
	for (id = 0; id < ST_COUNT; id++)
		r->code[id] = NULL;
	for (i = 0; i < NSTEPS; i++) {
		for (id = 0; id < ST_COUNT; id++) {
			if (!(steps[i].makes & STAGE_BIT(id)))
				continue;
			if (i < from) {
				r->borrowed |= r->st[id] != NULL ? STAGE_BIT(id) : 0;
			} else {
				r->st[id] = NULL;
				snprintf(r->why[id], sizeof r->why[id], "not computed");
			}
		}
		if (i >= from && (steps[i].makes & need & ~ROUTE2))
			last = i;
	}
	for (i = from; i <= last; i++) {
		if (i == S_ROUTE2)
			continue;	/* the second route is for teaching; check mode compares with the first */
		steps[i].fn(&p);
		if (interrupt_pending) {
			stage_free(r);
			return -1;
		}
	}
	return 0;
}

void
stage_slice(struct run *s, const struct run *base, int b)
{
	int id, shape[TENSOR_MAXDIM];

	*s = *base;
	s->B = 1;
	s->borrowed = 0;
	s->layers_borrowed = 1;
	s->arena = NULL;
	s->arena_whole = 0;
	s->setup = s->code_alone = NULL;
	for (id = 0; id < ST_COUNT; id++) {
		const struct tensor *t = base->st[id];

		s->code[id] = NULL;
		if (t == NULL)
			continue;
		memcpy(shape, t->shape, sizeof shape);
		if (id == ST_MASK || id == ST_MASK_SIMPLE || !base->batched) {	/* (T, T): every batch's */
			s->st[id] = tensor_view(t, 0, t->ndim, shape);
		} else {
			shape[0] = 1;
			s->st[id] = tensor_view(t, (size_t)b * (t->numel / (size_t)base->B), t->ndim, shape);
		}
	}
}

/* B, T, d_in, d_out, H, head_dim from the input; 0, or -1 with err. */
static int
run_shape(struct run *r, const struct input *in, char *err, size_t errlen)
{
	const int *dims = in->inputs != NULL ? in->inputs->shape : in->rand_dims;
	int nd = in->inputs != NULL ? in->inputs->ndim : in->rand_ndim;

	r->batched = nd == 3;
	r->B = r->batched ? dims[0] : 1;
	r->T = dims[nd - 2];
	r->d_in = dims[nd - 1];
	r->simple = !in->has_weights && in->init == INIT_NONE;
	r->drawn = in->init != INIT_NONE;
	r->causal = in->causal;
	r->d_out = r->simple ? r->d_in : in->d_out;
	r->H = in->heads > 0 ? in->heads : 1;
	if (r->d_out % r->H != 0) {
		snprintf(err, errlen, "heads: %d heads do not divide d_out = %d", r->H, r->d_out);
		return -1;
	}
	r->hd = r->d_out / r->H;
	r->tokens = (const char *const *)in->tokens;
	r->ntokens = in->ntokens;
	return 0;
}

int
stage_run(struct run *r, const struct input *in, unsigned keep, char *err, size_t errlen)
{
	struct pass p = { .r = r, .in = in, .keep = keep };
	int i, id;
	jmp_buf oom, *outer = diag_nomem_jump;

	memset(r, 0, sizeof *r);
	if (run_shape(r, in, err, errlen) != 0 || plan_memory(&p, err, errlen) != 0)
		return -1;
	for (id = 0; id < ST_COUNT; id++)
		snprintf(r->why[id], sizeof r->why[id], "not computed");
	nlaps = 0;
	lap("");
	if (setjmp(oom) != 0) {		/* malloc refused a stage: the run is dropped, the REPL goes on */
		diag_nomem_jump = outer;
		snprintf(err, errlen, "out of memory computing the stages (T = %d%s)", r->T,
		    in->causal ? ", causal" : "");
		settle();
		stage_free(r);
		return -1;
	}
	diag_nomem_jump = &oom;
	for (i = 0; i < NSTEPS; i++) {
		steps[i].fn(&p);
		lap(steps[i].name);
		if (interrupt_pending) {	/* the REPL's Ctrl-C: nothing of this run is kept */
			diag_nomem_jump = outer;
			settle();
			stage_free(r);
			snprintf(err, errlen, "interrupted");
			return -1;
		}
	}
	diag_nomem_jump = outer;
	for (id = 0; id < ST_COUNT; id++)
		if (r->st[id] != NULL)
			r->why[id][0] = '\0';
	r->rng_end = p.g;
	r->stacked = in->stacked;
	r->dropout = in->dropout;
	settle();
	code_lines(r, in);
	lap("settle");
	return 0;
}

void
stage_free(struct run *r)
{
	int i;

	for (i = 0; i < ST_COUNT; i++) {
		if (!(r->borrowed & STAGE_BIT(i)))
			tensor_free(r->st[i]);
		free(r->code[i]);
	}
	for (i = 0; i < NLAYER && !r->layers_borrowed; i++) {
		tensor_free(r->layer[i].w);
		tensor_free(r->layer[i].b);
	}
	free(r->setup);
	free(r->code_alone);
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
